import type { CSSProperties, ReactNode, Ref } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';

export interface DialogFrameProps {
  title: ReactNode;
  /** Escape, the backdrop and ✕; without it the dialog is an alert that only its own buttons close. */
  onDismiss?(): void;
  /** ✕ in the title (default: whenever the dialog can be dismissed). */
  closeButton?: boolean;
  /** Nothing closes while true (a save is running). */
  busy?: boolean;
  open?: boolean;
  /** The dialog's accessible name when the title is more than text. */
  label?: string;
  /** The id of what describes the dialog (a question); null for none. */
  describedBy?: string | null;
  surfaceClassName?: string;
  surfaceStyle?: CSSProperties;
  contentClassName?: string;
  contentId?: string;
  /** The content is reachable with Tab, so a keyboard can scroll it when it holds nothing focusable (a record shown). */
  contentFocusable?: boolean;
  contentRef?: Ref<HTMLDivElement>;
  /** Puts the body in something of its own, e.g. a `<form>`. */
  wrap?(body: ReactNode): ReactNode;
  /** Footer buttons on the left (Delete). */
  startActions?: ReactNode;
  /** Footer buttons on the right. */
  actions: ReactNode;
  'data-testid'?: string;
  children: ReactNode;
}

/** The one frame of the console's dialogs: the title (with ✕), the content, the footer's buttons. */
export function DialogFrame({
  title,
  onDismiss,
  closeButton = !!onDismiss,
  busy,
  open = true,
  label,
  describedBy,
  surfaceClassName,
  surfaceStyle,
  contentClassName,
  contentId,
  contentFocusable,
  contentRef,
  wrap = (body) => body,
  startActions,
  actions,
  'data-testid': testId,
  children,
}: DialogFrameProps) {
  const close = closeButton && onDismiss && (
    <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onDismiss} disabled={busy} />
  );
  return (
    <Dialog open={open} modalType={onDismiss ? 'modal' : 'alert'} onOpenChange={(_event, data) => !data.open && !busy && onDismiss?.()}>
      <DialogSurface
        className={surfaceClassName}
        style={surfaceStyle}
        aria-label={label}
        {...(describedBy !== undefined && { 'aria-describedby': describedBy ?? undefined })}
        data-testid={testId}
        onKeyDown={(event) => {
          // Escape in an open popup (a dropdown's list, a menu, a date picker's calendar in its portal) closes that
          // popup only: marked as handled, so the dialog (and its discard question) stays.
          const target = event.target as HTMLElement;
          const inPopup = !event.currentTarget.contains(target) || !!target.closest('[aria-expanded="true"]');
          if (event.key === 'Escape' && inPopup) event.preventDefault();
        }}
      >
        {wrap(
          <DialogBody>
            <DialogTitle action={close || undefined}>{title}</DialogTitle>
            <DialogContent ref={contentRef} id={contentId} className={contentClassName} tabIndex={contentFocusable ? 0 : undefined}>
              {children}
            </DialogContent>
            {startActions && <DialogActions position="start">{startActions}</DialogActions>}
            <DialogActions position={startActions ? 'end' : undefined}>{actions}</DialogActions>
          </DialogBody>,
        )}
      </DialogSurface>
    </Dialog>
  );
}
