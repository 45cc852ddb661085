import { useEffect } from 'react';
import { errorMessage } from '../api';
import { useNotify } from './use-notify';

/** Says in an error toast, titled `title`, when a load fails: once for each error it answers. */
export function useErrorToast(error: unknown, title: string): void {
  const notify = useNotify();
  useEffect(() => {
    if (error) notify.error(errorMessage(error), title);
  }, [error, title, notify]);
}
