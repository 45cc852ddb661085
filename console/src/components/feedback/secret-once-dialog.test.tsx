import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../test/component-test-kit';
import { SecretOnceDialog } from './secret-once-dialog';

const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('./use-notify', () => ({ useNotify: () => notify }));

function renderDialog(onClose = vi.fn(), secretLabel?: string) {
  render(
    <FluentProvider theme={webLightTheme}>
      <SecretOnceDialog
        title="Secret of Reports"
        warning="Copy the secret now: it will not be shown again."
        secret="s3cr3t-value"
        secretLabel={secretLabel}
        onClose={onClose}
      >
        <p>Client id: abc</p>
      </SecretOnceDialog>
    </FluentProvider>,
  );
  return onClose;
}

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('SecretOnceDialog', () => {
  it('shows the title, the warning, what else it says and the secret', () => {
    renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Secret of Reports' });
    expect(dialog.textContent).toContain('Copy the secret now: it will not be shown again.');
    expect(dialog.textContent).toContain('Client id: abc');
    expect(screen.getByTestId('secret').textContent).toBe('s3cr3t-value');
  });

  it('labels the secret when asked', () => {
    renderDialog(vi.fn(), 'Client secret');
    expect(screen.getByTestId('secret').parentElement?.textContent).toBe('Client secret: s3cr3t-value');
  });

  it('copies the secret and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.assign(navigator, { clipboard: { writeText } });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The secret is on the clipboard.'));
    expect(writeText).toHaveBeenCalledWith('s3cr3t-value');
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not copy; select the secret and copy it by hand.'));
  });

  it('closes with Done', () => {
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
