// Dialogs are imported from their own files (./secret-once-dialog), never re-exported here: the app shell imports this
// barrel, so a component re-exported here is built into the first download with Fluent's Dialog, for every screen.
export type { ConfirmDialogProps, ConfirmOptions } from './confirm-dialog';
export { ConfirmProvider, useConfirm, useConfirmDelete, type ConfirmDeleteOptions } from './confirm-provider';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorBar, type ErrorBarProps } from './error-bar';
export { LoadError } from './load-error';
export { LazyPart, type LazyPartProps } from './lazy-part';
export { PageSpinner } from './page-spinner';
export { useDeleteRecord, type DeleteRecord } from './use-delete-record';
export { useErrorToast } from './use-error-toast';
export { useRowCommand, type RowCommand } from './use-row-command';
export type { SecretOnceDialogProps } from './secret-once-dialog';
export { APP_TOASTER_ID, useNotify, type Notify } from './use-notify';
