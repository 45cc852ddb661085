import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider } from '../feedback';
import { DISCARD_MESSAGE, DISCARD_TITLE, useConfirmDiscard } from './use-confirm-discard';

/** A form's Cancel button: closes when the question allows it. */
function CancelButton({ dirty }: { dirty: boolean }) {
  const confirmDiscard = useConfirmDiscard();
  const [answer, setAnswer] = useState('open');
  return (
    <>
      <button onClick={() => void confirmDiscard(dirty).then((close) => setAnswer(close ? 'closed' : 'kept'))}>Cancel form</button>
      <output>{answer}</output>
    </>
  );
}

function renderButton(dirty: boolean) {
  render(
    <FluentProvider theme={webLightTheme}>
      <ConfirmProvider>
        <CancelButton dirty={dirty} />
      </ConfirmProvider>
    </FluentProvider>,
  );
}

afterEach(cleanup);

describe('useConfirmDiscard', () => {
  it('closes at once when nothing changed, without a question', async () => {
    renderButton(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel form' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('closed'));
    expect(screen.queryByText(DISCARD_MESSAGE)).toBeNull();
  });

  it('asks with changes: Keep editing stays', async () => {
    renderButton(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel form' }));
    const question = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    expect(question.textContent).toContain(DISCARD_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('kept'));
  });

  it('asks with changes: Discard closes', async () => {
    renderButton(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('closed'));
  });
});
