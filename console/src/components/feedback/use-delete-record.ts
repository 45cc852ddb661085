import { useCallback, useState } from 'react';
import { errorMessage } from '../api';
import { useConfirmDelete, type ConfirmDeleteOptions } from './confirm-provider';
import { useNotify } from './use-notify';

export interface DeleteRecord extends ConfirmDeleteOptions {
  /** The record's key while its delete runs (its row shows busy). */
  id?: string | number;
  /** The call that deletes it. */
  run(): Promise<unknown>;
  /** After the delete, done or failed (e.g. reload the list). */
  then?(): unknown;
}

/**
 * Deleting a record: the question that names it and says what goes with it (red Delete), the call, then
 * "Ann was deleted." titled "Client deleted", or the failure titled "Failed to delete the client".
 * `deleting` is the key of the record whose delete runs.
 */
export function useDeleteRecord() {
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const [deleting, setDeleting] = useState<string | number | null>(null);
  const remove = useCallback(
    async ({ id, run, then, ...question }: DeleteRecord) => {
      if (!(await confirmDelete(question))) return;
      const noun = question.noun.charAt(0).toUpperCase() + question.noun.slice(1);
      setDeleting(id ?? null);
      try {
        await run();
        notify.success(`${question.name} was deleted.`, `${noun} deleted`);
      } catch (failure) {
        notify.error(errorMessage(failure), `Failed to delete the ${question.noun}`);
      } finally {
        setDeleting(null);
        await then?.();
      }
    },
    [confirmDelete, notify],
  );
  return { remove, deleting };
}
