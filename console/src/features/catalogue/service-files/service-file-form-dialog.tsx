import { useMemo, useState, type FormEvent } from 'react';
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import {
  acceptTypes,
  MULTI_SELECT_SHOWN,
  SERVICE_FILE_TYPE_LABELS,
  SERVICE_FILE_TYPES,
  ServiceFileInputSchema,
  type ServiceFile,
  type ServiceFileType,
} from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { schemaFieldErrors } from '../../../components/forms';
import { LimitedTagPicker } from '../inputs/limited-tag-picker';
import { saveServiceFile } from './api';

const TYPE_OPTIONS = SERVICE_FILE_TYPES.map((type) => ({ value: type, text: SERVICE_FILE_TYPE_LABELS[type] }));

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
  form: { display: 'contents' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalM },
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
  const [name, setName] = useState(file?.name ?? '');
  const [types, setTypes] = useState<ServiceFileType[]>(file ? acceptTypes(file.accept) : []);
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const input = { name, accept: SERVICE_FILE_TYPES.filter((type) => types.includes(type)).join(',') };
  const errors = useMemo(() => {
    const parsed = ServiceFileInputSchema.safeParse({ name, accept: input.accept });
    return parsed.success ? {} : schemaFieldErrors(parsed.error);
  }, [name, input.accept]);
  const nameError = serverErrors.name ?? (attempted || touched ? errors.name : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      const saved = await saveServiceFile(file?.id ?? null, input);
      notify.success(`${saved.name} was ${isNew ? 'added' : 'saved'}.`, isNew ? 'Service file added' : 'Service file saved');
      onClose(saved);
    } catch (error) {
      const byField = fieldErrors(error);
      setServerErrors(byField);
      if (!byField.name && !byField.accept) notify.error(errorMessage(error), 'Failed to save the service file');
      setSaving(false);
    }
  };

  const title = isNew ? 'Add file' : `Edit ${file.name}`;
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open && !saving) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-label={title}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle
              action={
                <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={() => onClose()} disabled={saving} />
              }
            >
              {title}
            </DialogTitle>
            <DialogContent className={styles.content}>
              <Field label="Name" required validationMessage={nameError}>
                <Input
                  autoFocus
                  value={name}
                  maxLength={200}
                  placeholder="e.g. Passport copy"
                  onChange={(_e, data) => {
                    setName(data.value);
                    setServerErrors((current) => ({ ...current, name: '' }));
                  }}
                  onBlur={() => setTouched(true)}
                />
              </Field>
              <LimitedTagPicker
                label="Allowed types"
                options={TYPE_OPTIONS}
                selected={types}
                onChange={(selected) => setTypes(selected as ServiceFileType[])}
                shown={MULTI_SELECT_SHOWN.fileTypes}
                placeholder="Any type"
                hint="What the client may upload for this document. None chosen means any type."
                emptyText="Every type is chosen"
                validationMessage={serverErrors.accept}
                data-testid="service-file-types"
              />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => onClose()} disabled={saving}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={saving}>
                {saving ? 'Saving…' : isNew ? 'Create' : 'Update'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
