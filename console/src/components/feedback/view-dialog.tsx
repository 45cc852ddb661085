import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

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

/** The frame of a dialog that shows something (a record, a log, a history): title with ✕, Escape, and Close. */
export function ViewDialog({
  title,
  onClose,
  label,
  surfaceClassName,
  contentClassName,
  actions,
  primaryClose,
  'data-testid': testId,
  children,
}: ViewDialogProps) {
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, state) => !state.open && onClose()}>
      <DialogSurface className={surfaceClassName} aria-label={label} data-testid={testId}>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} />
              </DialogTrigger>
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          <DialogActions>
            {actions}
            <DialogTrigger action="close">
              <Button appearance={primaryClose ? 'primary' : 'secondary'}>Close</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
