import type { ReactNode } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DialogFrame } from './dialog-frame';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  danger: {
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorStatusDangerBackground3Hover, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorStatusDangerBackground3Pressed, color: tokens.colorNeutralForegroundOnBrand },
  },
});

export interface ConfirmOptions {
  /** The question, word for word from the specification (docs/product.md) ("Are you sure to delete this article?"). */
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** What else goes with it ("Its 3 services are deleted too."), under the question. */
  detail?: ReactNode;
  /** A destructive answer: the confirm button is red. */
  danger?: boolean;
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
  detail,
  danger,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const styles = useStyles();
  return (
    <DialogFrame
      open={open}
      title={title}
      onDismiss={onCancel}
      closeButton={false}
      describedBy="confirm-dialog-message"
      contentId="confirm-dialog-message"
      contentClassName={styles.content}
      data-testid="confirm-dialog"
      actions={
        <>
          <Button appearance="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button appearance="primary" className={danger ? styles.danger : undefined} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <span>{message}</span>
      {detail && <Text>{detail}</Text>}
    </DialogFrame>
  );
}
