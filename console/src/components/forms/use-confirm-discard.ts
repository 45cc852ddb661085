import { useCallback } from 'react';
import { useConfirm } from '../feedback';

export const DISCARD_TITLE = 'Unsaved changes';
/** The question of the specification (docs/product.md), word for word. */
export const DISCARD_MESSAGE = 'Are you sure to cancel edit?';

/**
 * The question a form asks before it closes with changes (Cancel, ✕, Escape): "Keep editing" stays,
 * "Discard" closes. Resolves true when the form may close: at once when nothing changed.
 */
export function useConfirmDiscard(): (dirty: boolean) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    async (dirty: boolean) =>
      !dirty || confirm({ title: DISCARD_TITLE, message: DISCARD_MESSAGE, confirmLabel: 'Discard', cancelLabel: 'Keep editing' }),
    [confirm],
  );
}
