import { useCallback } from 'react';
import { errorMessage } from '../api';
import type { ConfirmOptions } from './confirm-dialog';
import { useConfirm } from './confirm-provider';
import { useNotify } from './use-notify';

export interface RowCommand {
  /** Asked first; nothing happens unless the user confirms. */
  confirm?: ConfirmOptions;
  /** The call to the server. */
  run(): Promise<unknown>;
  /** The toast when it worked: its text, and its title. */
  success: string;
  successTitle?: string;
  /** After it worked (e.g. reload the list). */
  then?(): unknown;
}

/**
 * One action on a row of a list (revoke, resend, disable, delete): an optional question, the call, a toast that
 * says it worked, then the list again; a failure becomes an error toast.
 */
export function useRowCommand(): (command: RowCommand) => Promise<void> {
  const notify = useNotify();
  const confirm = useConfirm();
  return useCallback(
    async (command: RowCommand) => {
      if (command.confirm && !(await confirm(command.confirm))) return;
      try {
        await command.run();
        notify.success(command.success, command.successTitle);
        await command.then?.();
      } catch (error) {
        notify.error(errorMessage(error));
      }
    },
    [confirm, notify],
  );
}
