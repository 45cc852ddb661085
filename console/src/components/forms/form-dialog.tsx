import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DialogFrame } from '../feedback/dialog-frame';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const useStyles = makeStyles({
  form: { display: 'contents' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
});

export interface FormDialogProps {
  title: string;
  /** ✕, Escape, the backdrop and Cancel: close (after a question of the form's own, if it has one). */
  onDismiss(): void;
  onSubmit(event: FormEvent): void;
  submitLabel: string;
  /** The form's state from useFormState: its save in progress, its failure and its `<form>`. */
  form?: { saving: boolean; formError?: string; formRef: React.Ref<HTMLFormElement> };
  /** While true nothing closes and the buttons wait (default: while the form saves). */
  busy?: boolean;
  /** Unsaved changes: leaving the screen or the tab asks first. */
  dirty: boolean;
  /** A failure that belongs to no field, shown inside the dialog above the fields. */
  formError?: string;
  /** The title of `formError`'s message bar. */
  formErrorTitle?: string;
  formRef?: React.Ref<HTMLFormElement>;
  /** Buttons on the left of the footer (Delete). */
  startActions?: ReactNode;
  submitDisabled?: boolean;
  surfaceClassName?: string;
  contentClassName?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The frame of every form dialog: title with ✕, Escape to close, the failure of a save inside the dialog,
 * Cancel and the submit button, and the unsaved-changes guard while the form holds changes.
 */
export function FormDialog({
  title,
  onDismiss,
  onSubmit,
  submitLabel,
  form,
  busy = form?.saving ?? false,
  dirty,
  formError = form?.formError,
  formErrorTitle = 'Not saved',
  formRef = form?.formRef,
  startActions,
  submitDisabled,
  surfaceClassName,
  contentClassName,
  'data-testid': testId,
  children,
}: FormDialogProps) {
  const styles = useStyles();
  const contentRef = useRef<HTMLDivElement>(null);

  // Focus starts in the first field (the one marked autoFocus, else the first box), not on ✕.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const content = contentRef.current;
      if (!content || content.contains(document.activeElement)) return;
      const first = content.querySelector<HTMLElement>('[autofocus], input:not([type="hidden"]), textarea, [role="combobox"]');
      first?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <>
      <UnsavedChangesGuard when={dirty && !busy} />
      <DialogFrame
        title={title}
        onDismiss={onDismiss}
        busy={busy}
        describedBy={null}
        surfaceClassName={surfaceClassName}
        contentRef={contentRef}
        contentClassName={mergeClasses(styles.content, contentClassName)}
        data-testid={testId}
        wrap={(body) => (
          <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
            {body}
          </form>
        )}
        startActions={startActions}
        actions={
          <>
            <Button appearance="secondary" onClick={onDismiss} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" type="submit" disabled={busy || submitDisabled} icon={busy ? <Spinner size="tiny" /> : undefined}>
              {submitLabel}
            </Button>
          </>
        }
      >
        {formError && (
          <MessageBar intent="error" data-testid="form-error">
            <MessageBarBody>
              <MessageBarTitle>{formErrorTitle}</MessageBarTitle>
              {formError}
            </MessageBarBody>
          </MessageBar>
        )}
        {children}
      </DialogFrame>
    </>
  );
}
