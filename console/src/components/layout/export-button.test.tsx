import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from './export-button';

const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('../feedback', () => ({ useNotify: () => notify }));

function renderButton(run: () => Promise<unknown>, disabled?: boolean) {
  render(
    <FluentProvider theme={webLightTheme}>
      <ExportButton run={run} failureTitle="Export failed" disabled={disabled}>
        Export to Excel
      </ExportButton>
    </FluentProvider>,
  );
  return screen.getByRole('button', { name: 'Export to Excel' });
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ExportButton', () => {
  it('is disabled while the export runs, then enabled again', async () => {
    let finish = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const button = renderButton(run);
    fireEvent.click(button);
    expect(run).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    finish();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says why an export failed, under its title', async () => {
    const button = renderButton(() => Promise.reject(new Error('The download failed (HTTP 500).')));
    fireEvent.click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The download failed (HTTP 500).', 'Export failed'));
    expect(button).toHaveProperty('disabled', false);
  });

  it('stays disabled when told to', () => {
    expect(renderButton(vi.fn(), true)).toHaveProperty('disabled', true);
  });
});
