import { useMemo } from 'react';
import { Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CategoryInputSchema, type Category, type CategoryInput } from '@backoffice/contracts';
import { BoundInput, BoundTextarea, schemaErrors } from '../../../components/forms';
import { BoundImagesField, ImagesFormDialog, useImagesForm } from '../inputs/images-form-dialog';
import { saveCategory } from './api';

/** parentId has no field: its errors show above the form. */
type FieldName = 'name' | 'description' | 'images' | 'parentId';
const FIELDS = ['name', 'description', 'images'] as const satisfies readonly FieldName[];

interface FormValues {
  name: string;
  description: string;
  active: boolean;
  home: boolean;
  images: string[];
}

const useStyles = makeStyles({
  surface: { width: '640px', maxWidth: 'calc(100vw - 32px)' },
  place: { color: tokens.colorNeutralForeground3 },
  switches: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXL },
});

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
  const parentId = category ? category.parentId : (parent?.id ?? null);
  const { bound, dialog, setUploading } = useImagesForm<FormValues, FieldName, Category>({
    noun: 'Category',
    record: category,
    initial,
    fields: FIELDS,
    validate: (current) => schemaErrors(CategoryInputSchema.safeParse({ ...current, parentId })),
    save: (values) => saveCategory(category?.id ?? null, { ...values, parentId } satisfies CategoryInput),
    onClose,
  });
  const { values, change } = bound;

  return (
    <ImagesFormDialog dialog={dialog} surfaceClassName={styles.surface}>
      {isNew && (
        <Text size={200} className={styles.place}>
          {parent ? `Inside “${parent.name}”.` : 'At the top level of the catalogue.'}
        </Text>
      )}
      <BoundInput bound={bound} name="name" label="Name" required autoFocus maxLength={200} />
      <BoundTextarea bound={bound} name="description" label="Description" required rows={4} maxLength={4000} />
      <BoundImagesField bound={bound} onBusyChange={setUploading} />
      <div className={styles.switches}>
        <Switch checked={values.active} onChange={(_e, data) => change('active', data.checked)} label="Active" />
        <Switch checked={values.home} onChange={(_e, data) => change('home', data.checked)} label="Display at home page?" />
      </div>
    </ImagesFormDialog>
  );
}
