export type { ConfirmDialogProps, ConfirmOptions } from './confirm-dialog';
export { ConfirmProvider, useConfirm, useConfirmDelete, type ConfirmDeleteOptions } from './confirm-provider';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { PageSpinner } from './page-spinner';
export { SecretOnceDialog, type SecretOnceDialogProps } from './secret-once-dialog';
export { APP_TOASTER_ID, useNotify, type Notify } from './use-notify';
