import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { DialogFrame } from './dialog-frame';

export interface ViewDialogProps {
  title: ReactNode;
  /** ✕, Escape, the backdrop and Close. */
  onClose(): void;
  /** The dialog's accessible name when the title is more than text. */
  label?: string;
  surfaceClassName?: string;
  contentClassName?: string;
  /** Buttons before Close. */
  actions?: ReactNode;
  /** Close is the footer's main button (nothing else to do there). */
  primaryClose?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/** A dialog that shows something (a record, a log, a history): title with ✕, Escape, and Close. */
export function ViewDialog({ onClose, actions, primaryClose, ...frame }: ViewDialogProps) {
  return (
    <DialogFrame
      {...frame}
      onDismiss={onClose}
      // What it shows may scroll on a phone with nothing focusable in it (axe scrollable-region-focusable).
      contentFocusable
      actions={
        <>
          {actions}
          <Button appearance={primaryClose ? 'primary' : 'secondary'} onClick={onClose}>
            Close
          </Button>
        </>
      }
    />
  );
}
