import { useMemo, useState, type FormEvent } from 'react';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import {
  acceptTypes,
  MULTI_SELECT_SHOWN,
  SERVICE_FILE_TYPE_LABELS,
  SERVICE_FILE_TYPES,
  ServiceFileInputSchema,
  type ServiceFile,
  type ServiceFileType,
} from '@backoffice/contracts';
import { useNotify } from '../../../components/feedback';
import { FormDialog, schemaFieldErrors, useFormState } from '../../../components/forms';
import { LimitedTagPicker } from '../inputs/limited-tag-picker';
import { saveServiceFile } from './api';

const TYPE_OPTIONS = SERVICE_FILE_TYPES.map((type) => ({ value: type, text: SERVICE_FILE_TYPE_LABELS[type] }));

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
  content: { paddingBottom: tokens.spacingVerticalM },
});

export interface ServiceFileFormDialogProps {
  /** The definition to edit; null for a new one. */
  file: ServiceFile | null;
  onClose(saved?: ServiceFile): void;
}

/** Add or edit a required-file definition: a name and the types a client may upload. */
export function ServiceFileFormDialog({ file, onClose }: ServiceFileFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const isNew = !file;
  const initialTypes = file ? acceptTypes(file.accept) : [];
  const [name, setName] = useState(file?.name ?? '');
  const [types, setTypes] = useState<ServiceFileType[]>(initialTypes);

  const input = { name, accept: SERVICE_FILE_TYPES.filter((type) => types.includes(type)).join(',') };
  const errors = useMemo(() => {
    const parsed = ServiceFileInputSchema.safeParse({ name, accept: input.accept });
    return parsed.success ? {} : schemaFieldErrors(parsed.error);
  }, [name, input.accept]);
  const form = useFormState({ fields: ['name', 'accept'] as const, errors });
  const dirty = name !== (file?.name ?? '') || input.accept !== SERVICE_FILE_TYPES.filter((type) => initialTypes.includes(type)).join(',');

  const submit = (event: FormEvent) =>
    void form.submit(event, async () => {
      const saved = await saveServiceFile(file?.id ?? null, input);
      notify.success(`${saved.name} was ${isNew ? 'added' : 'saved'}.`, isNew ? 'Service file added' : 'Service file saved');
      onClose(saved);
    });

  return (
    <FormDialog
      form={form}
      title={isNew ? 'Add file' : `Edit ${file.name}`}
      onDismiss={() => onClose()}
      onSubmit={submit}
      submitLabel={form.saving ? 'Saving…' : isNew ? 'Create' : 'Update'}
      dirty={dirty}
      formErrorTitle="Failed to save the service file"
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
    >
      <Field label="Name" required validationMessage={form.errorOf('name')}>
        <Input
          autoFocus
          value={name}
          maxLength={200}
          placeholder="e.g. Passport copy"
          onChange={(_e, data) => {
            setName(data.value);
            form.edit('name');
          }}
          onBlur={() => form.blur('name')}
        />
      </Field>
      <LimitedTagPicker
        label="Allowed types"
        options={TYPE_OPTIONS}
        selected={types}
        onChange={(selected) => {
          setTypes(selected as ServiceFileType[]);
          form.edit('accept');
        }}
        shown={MULTI_SELECT_SHOWN.fileTypes}
        placeholder="Any type"
        hint="What the client may upload for this document. None chosen means any type."
        emptyText="Every type is chosen"
        validationMessage={form.errorOf('accept')}
        data-testid="service-file-types"
      />
    </FormDialog>
  );
}
