import { useCallback, useState, type FormEvent } from 'react';
import { useNotify } from '../feedback';
import { useConfirmDiscard } from './use-confirm-discard';
import { useFormState, type FormState } from './use-form-state';

export interface FormValuesOptions<V extends object, F extends string> {
  /** The values the form opens with (a new record's defaults, or the record's own). */
  initial: V;
  /** The fields that show errors, in screen order. */
  fields: readonly F[];
  /** The errors of the current values, by field (from the contracts schema). */
  validate(values: V): Partial<Record<F, string | undefined>>;
  /** Closing: asked first when there are changes (Cancel, ✕, Escape). */
  onClose(): void;
}

export interface FormValues<V extends object, F extends string> {
  values: V;
  setValues: React.Dispatch<React.SetStateAction<V>>;
  form: FormState<F>;
  /** Any value differs from how the form opened. */
  dirty: boolean;
  /** A field changed: its value, and its server error cleared. */
  change<K extends keyof V>(field: K, value: V[K]): void;
  /** A field was left: its error shows from now on if it was edited. */
  touch(field: F): void;
  /** Cancel, ✕ and Escape: nothing while saving; with changes, "Keep editing" / "Discard" first. */
  cancel(): Promise<void>;
  /** Save a record: flags the fields or saves, says "Ann was added." (titled "Client added"), then hands the record on. */
  saveRecord<R extends { name: string }>(event: FormEvent, record: RecordSave<R>): void;
}

export interface RecordSave<R> {
  /** The record's kind, capitalised for the toast's title ("Category"). */
  noun: string;
  isNew: boolean;
  save(): Promise<R>;
  onSaved(record: NoInfer<R>): void;
  /** Not yet: something the save needs is still on its way (an image uploading). */
  wait?: boolean;
}

/** A form's values with useFormState's validation timing and the discard question: what every form dialog repeats. */
export function useFormValues<V extends object, F extends string>({
  initial,
  fields,
  validate,
  onClose,
}: FormValuesOptions<V, F>): FormValues<V, F> {
  const confirmDiscard = useConfirmDiscard();
  const notify = useNotify();
  const [values, setValues] = useState<V>(initial);
  const form = useFormState<F>({ fields, errors: validate(values) });
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const { edit, blur } = form;

  const change = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      if ((fields as readonly PropertyKey[]).includes(field)) edit(field as unknown as F);
    },
    [fields, edit],
  );

  const cancel = async () => {
    if (form.saving) return;
    if (await confirmDiscard(dirty)) onClose();
  };

  const saveRecord = <R extends { name: string }>(event: FormEvent, record: RecordSave<R>) => {
    if (record.wait) {
      event.preventDefault();
      return;
    }
    void form.submit(event, async () => {
      const saved = await record.save();
      notify.success(`${saved.name} was ${record.isNew ? 'added' : 'saved'}.`, `${record.noun} ${record.isNew ? 'added' : 'saved'}`);
      record.onSaved(saved);
    });
  };

  return { values, setValues, form, dirty, change, touch: blur, cancel, saveRecord };
}
