import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export interface ConfirmOptions {
  /** The question, word for word from the spec ("Are you sure to delete this article?"). */
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question in a Fluent dialog. Escape, the backdrop and Cancel all answer no. */
export function ConfirmDialog({
  open,
  message,
  title = 'Please confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface aria-describedby="confirm-dialog-message" data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent id="confirm-dialog-message">{message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
