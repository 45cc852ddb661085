import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Switch,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { CATALOGUE_MAX_IMAGES, CategoryInputSchema, type Category, type CategoryInput } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../../components/api';
import { useConfirm, useNotify } from '../../../components/feedback';
import { schemaFieldErrors } from '../../../components/forms';
import { ImageUploadField } from '../inputs/image-upload-field';
import { saveCategory } from './api';

type FieldName = 'name' | 'description' | 'images' | 'parentId';

interface FormValues {
  name: string;
  description: string;
  active: boolean;
  home: boolean;
  images: string[];
}

const useStyles = makeStyles({
  surface: { width: '640px', maxWidth: 'calc(100vw - 32px)' },
  form: { display: 'contents' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  place: { color: tokens.colorNeutralForeground3 },
  switches: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL },
});

/** "images.2" → images; other server paths are the form's own names. */
function toFormErrors(byPath: Record<string, string>): Partial<Record<FieldName, string>> {
  const result: Partial<Record<FieldName, string>> = {};
  for (const [path, message] of Object.entries(byPath)) result[path.split('.')[0] as FieldName] ??= message;
  return result;
}

export interface CategoryFormDialogProps {
  /** The category to edit; null for a new one. */
  category: Category | null;
  /** Where a new category goes: the open category, or null for the top level. */
  parent: { id: number; name: string } | null;
  onClose(saved?: Category): void;
}

/** Add or edit a category: name and description are required; images are GIF, JPEG or PNG. */
export function CategoryFormDialog({ category, parent, onClose }: CategoryFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const isNew = !category;
  const initial = useMemo<FormValues>(
    () => ({
      name: category?.name ?? '',
      description: category?.description ?? '',
      active: category?.active ?? true,
      home: category?.home ?? false,
      images: category?.images ?? [],
    }),
    [category],
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const input: CategoryInput = { ...values, parentId: category ? category.parentId : (parent?.id ?? null) };
  const parsed = CategoryInputSchema.safeParse(input);
  const errors = parsed.success ? {} : toFormErrors(schemaFieldErrors(parsed.error));
  const errorOf = (field: FieldName) => serverErrors[field] ?? (attempted || touched[field] ? errors[field] : undefined);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const change = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: FieldName) => setTouched((current) => ({ ...current, [field]: true }));

  const cancel = async () => {
    if (saving) return;
    if (dirty && !(await confirm({ message: 'Are you sure to cancel edit?', confirmLabel: 'Yes, discard', cancelLabel: 'Keep editing' })))
      return;
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    setAttempted(true);
    if (Object.keys(errors).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCategory(category?.id ?? null, input);
      notify.success(`${saved.name} was ${isNew ? 'added' : 'saved'}.`, isNew ? 'Category added' : 'Category saved');
      onClose(saved);
    } catch (error) {
      const byField = toFormErrors(fieldErrors(error));
      setServerErrors(byField);
      if (!Object.keys(byField).length || byField.parentId)
        notify.error(byField.parentId ?? errorMessage(error), 'Failed to save the category');
      setSaving(false);
    }
  };

  const title = isNew ? 'Add category' : `Edit ${category.name}`;
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) void cancel();
      }}
    >
      <DialogSurface className={styles.surface} aria-label={title}>
        <form ref={formRef} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle
              action={
                <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={() => void cancel()} disabled={saving} />
              }
            >
              {title}
            </DialogTitle>
            <DialogContent className={styles.content}>
              {isNew && (
                <Text size={200} className={styles.place}>
                  {parent ? `Inside “${parent.name}”.` : 'At the top level of the catalogue.'}
                </Text>
              )}
              <Field label="Name" required validationMessage={errorOf('name')}>
                <Input
                  autoFocus
                  value={values.name}
                  maxLength={200}
                  onChange={(_e, data) => change('name', data.value)}
                  onBlur={() => touch('name')}
                />
              </Field>
              <Field label="Description" required validationMessage={errorOf('description')}>
                <Textarea
                  rows={4}
                  resize="vertical"
                  value={values.description}
                  maxLength={4000}
                  onChange={(_e, data) => change('description', data.value)}
                  onBlur={() => touch('description')}
                />
              </Field>
              <ImageUploadField
                label="Images"
                images={values.images}
                onChange={(images) => change('images', images)}
                max={CATALOGUE_MAX_IMAGES}
                validationMessage={errorOf('images')}
                onBusyChange={setUploading}
              />
              <div className={styles.switches}>
                <Switch checked={values.active} onChange={(_e, data) => change('active', data.checked)} label="Active" />
                <Switch checked={values.home} onChange={(_e, data) => change('home', data.checked)} label="Display at home page?" />
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => void cancel()} disabled={saving}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={saving || uploading}>
                {saving ? 'Saving…' : isNew ? 'Create' : 'Update'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
