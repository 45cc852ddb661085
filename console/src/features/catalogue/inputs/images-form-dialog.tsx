import { useState, type ReactNode } from 'react';
import { CATALOGUE_MAX_IMAGES } from '@backoffice/contracts';
import { FormDialog, useFormValues, type FormValues, type FormValuesOptions } from '../../../components/forms';
import { ImageUploadField } from './image-upload-field';

export interface ImagesFormOptions<V extends object, F extends string, R extends { name: string }> extends Pick<
  FormValuesOptions<V, F>,
  'initial' | 'fields' | 'validate'
> {
  /** The record's kind, capitalised ("Category"): the title's, the toast's and, in lower case, the failure's. */
  noun: string;
  /** The record to edit; null for a new one. */
  record: { name: string } | null;
  save(values: V): Promise<R>;
  /** Cancel, or the saved record. */
  onClose(saved?: R): void;
}

/**
 * The form of a catalogue record with images (a category, a service) and the props of its ImagesFormDialog:
 * useFormValues, plus the uploads the save waits for (setUploading is the images field's onBusyChange).
 */
export function useImagesForm<V extends object, F extends string, R extends { name: string }>({
  noun,
  record,
  save,
  onClose,
  ...options
}: ImagesFormOptions<V, F, R>) {
  const bound = useFormValues<V, F>({ ...options, onClose: () => onClose() });
  const [uploading, setUploading] = useState(false);
  const isNew = !record;
  const dialog: ImagesFormDialogProps<V, F, R> = {
    bound,
    noun,
    isNew,
    title: record ? `Edit ${record.name}` : `Add ${noun.toLowerCase()}`,
    uploading,
    save: () => save(bound.values),
    onSaved: onClose,
  };
  return { bound, dialog, setUploading };
}

export interface ImagesFormDialogProps<V extends object, F extends string, R extends { name: string }> {
  /** The form (what useFormValues returned). */
  bound: FormValues<V, F>;
  noun: string;
  isNew: boolean;
  title: string;
  /** An image still uploading: the save waits for it. */
  uploading: boolean;
  save(): Promise<R>;
  onSaved(record: R): void;
}

/** The dialog of a catalogue record with images: Create or Update, held while an image uploads. */
export function ImagesFormDialog<V extends object, F extends string, R extends { name: string }>({
  dialog,
  surfaceClassName,
  children,
}: {
  /** What useImagesForm gave. */
  dialog: ImagesFormDialogProps<V, F, R>;
  surfaceClassName: string;
  children: ReactNode;
}) {
  const { bound, noun, isNew, title, uploading, save, onSaved } = dialog;
  const { form, dirty, cancel, saveRecord } = bound;
  return (
    <FormDialog
      form={form}
      title={title}
      onDismiss={() => void cancel()}
      onSubmit={(event) => saveRecord(event, { noun, isNew, wait: uploading, save, onSaved })}
      submitLabel={form.saving ? 'Saving…' : isNew ? 'Create' : 'Update'}
      submitDisabled={uploading}
      dirty={dirty}
      formErrorTitle={`Failed to save the ${noun.toLowerCase()}`}
      surfaceClassName={surfaceClassName}
    >
      {children}
    </FormDialog>
  );
}

export interface BoundImagesFieldProps {
  /** The form whose `images` this field edits (what useFormValues returned). */
  bound: {
    values: { images: string[] };
    form: { errorOf(field: 'images'): string | undefined };
    change(field: 'images', images: string[]): void;
  };
  onBusyChange(busy: boolean): void;
}

/** The images of a catalogue record's form: up to CATALOGUE_MAX_IMAGES, their error from the form. */
export function BoundImagesField({ bound, onBusyChange }: BoundImagesFieldProps) {
  const { values, form, change } = bound;
  return (
    <ImageUploadField
      label="Images"
      images={values.images}
      onChange={(images) => change('images', images)}
      max={CATALOGUE_MAX_IMAGES}
      validationMessage={form.errorOf('images')}
      onBusyChange={onBusyChange}
    />
  );
}
