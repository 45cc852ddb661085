import { useCallback, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../api';

export interface FormStateOptions<F extends string> {
  /** The form's fields, in screen order: server errors on other paths are shown above the form instead. */
  fields: readonly F[];
  /** Client-side errors of the current values (from the contracts schema), shown only once they are due. */
  errors: Partial<Record<F, string | undefined>>;
}

export interface FormState<F extends string> {
  /** Put on the `<form>`: the first flagged field is focused from it. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The message under a field: the server's first, then the client's once the field was edited and left, or a save was tried. */
  errorOf(field: F): string | undefined;
  /** Call on every change of a field: clears the server's message on it. */
  edit(field: F): void;
  /** Call on leaving a field: its message shows from now on if the field was edited (opening the form or moving through it does not). */
  blur(field: F): void;
  /** True after the first Save. */
  attempted: boolean;
  saving: boolean;
  /** A failure that belongs to no field (conflict, server down): shown above the form, inside the dialog. */
  formError: string | undefined;
  setServerErrors(byField: Partial<Record<F, string>>): void;
  /**
   * The Save handler: flags every field and focuses the first wrong one, or runs `save`; a failure's field
   * errors land on the fields (paths like "items.2.name" on "items"), anything else becomes `formError`.
   */
  submit(event: FormEvent | undefined, save: () => Promise<void>): Promise<void>;
}

/**
 * One form's validation state. Errors never show when the form opens: a field is flagged after the user
 * edited it and left it, or after a save was tried; server field errors replace them until the field changes.
 */
export function useFormState<F extends string>({ fields, errors }: FormStateOptions<F>): FormState<F> {
  const formRef = useRef<HTMLFormElement | null>(null);
  const edited = useRef(new Set<F>());
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const edit = useCallback((field: F) => {
    edited.current.add(field);
    setServerErrorsState((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }, []);

  const blur = useCallback((field: F) => {
    if (edited.current.has(field)) setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);

  const setServerErrors = (byField: Partial<Record<F, string>>) => {
    setServerErrorsState(byField);
    if (Object.values(byField).some(Boolean)) focusFirstInvalid();
  };

  const hasErrors = fields.some((field) => errors[field]);

  const submit = async (event: FormEvent | undefined, save: () => Promise<void>) => {
    event?.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (hasErrors) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setFormError(undefined);
    try {
      await save();
    } catch (error) {
      const byField: Partial<Record<F, string>> = {};
      for (const [path, message] of Object.entries(fieldErrors(error))) {
        const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
        if (field) byField[field] ??= message;
      }
      if (Object.keys(byField).length) setServerErrors(byField);
      else setFormError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: F) => serverErrors[field] ?? (attempted || touched[field] ? errors[field] : undefined);

  return { formRef, errorOf, edit, blur, attempted, saving, formError, setServerErrors, submit };
}
