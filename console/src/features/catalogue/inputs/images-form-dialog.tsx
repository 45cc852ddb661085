import type { ReactNode } from 'react';
import { CATALOGUE_MAX_IMAGES } from '@backoffice/contracts';
import { FormDialog, type FormValues } from '../../../components/forms';
import { ImageUploadField } from './image-upload-field';

export interface ImagesFormDialogProps<V extends object, F extends string, R extends { name: string }> {
  /** The form (what useFormValues returned). */
  bound: FormValues<V, F>;
  /** The record's kind, capitalised ("Category"): the toast's title, and in lower case the failure's. */
  noun: string;
  isNew: boolean;
  title: string;
  /** An image still uploading: the save waits for it (setUploading of the form's BoundImagesField). */
  uploading: boolean;
  save(): Promise<R>;
  onSaved(record: NoInfer<R>): void;
  surfaceClassName: string;
  children: ReactNode;
}

/** The dialog of a catalogue record with images (a category, a service): Create or Update, held while an image uploads. */
export function ImagesFormDialog<V extends object, F extends string, R extends { name: string }>({
  bound,
  noun,
  isNew,
  title,
  uploading,
  save,
  onSaved,
  surfaceClassName,
  children,
}: ImagesFormDialogProps<V, F, R>) {
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
