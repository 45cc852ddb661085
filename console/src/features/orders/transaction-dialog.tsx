import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import {
  CLIENT_SERVICE_FILE_MAX_BYTES,
  CLIENT_SERVICE_STATUSES,
  ServiceTransactionInputSchema,
  TRANSACTION_MAX_FILES,
  isStatusCorrection,
  shortId,
  type ClientServiceStatus,
  type ClientServiceSummary,
} from '@backoffice/contracts';
import { errorMessage, fieldErrors, useIdempotencyKey } from '../../components/api';
import { useAuth } from '../../components/auth';
import { useNotify } from '../../components/feedback';
import { DialogFrame } from '../../components/feedback/dialog-frame';
import { ChoiceDropdown, schemaFieldErrors, UnsavedChangesGuard } from '../../components/forms';
import { recordTransaction, uploadTransactionImage } from './api';
import { useDialogStyles } from './client-service-detail-dialog';
import { formatBytes } from './formatting';
import { ClientServiceStatusBadge } from './status-badges';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  current: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  images: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  preview: {
    position: 'relative',
    width: '112px',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
  previewImage: {
    width: '112px',
    height: '84px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  remove: { position: 'absolute', top: '2px', right: '2px', backgroundColor: tokens.colorNeutralBackground1 },
  secondary: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
});

interface Picked {
  file: File;
  url: string;
}

/** The images picked for a transaction, previewed through object URLs released when removed or when the dialog goes. */
function usePickedImages(onAdd: () => void) {
  const [images, setImages] = useState<Picked[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const addFiles = (files: FileList | null) => {
    if (!files?.length) return;
    const picked = Array.from(files).map((file) => ({ file, url: URL.createObjectURL(file) }));
    picked.forEach((image) => previews.current.add(image.url));
    setImages((current) => [...current, ...picked]);
    onAdd();
  };

  const removeImage = (index: number) => {
    const image = images[index];
    if (!image) return;
    URL.revokeObjectURL(image.url);
    previews.current.delete(image.url);
    setImages((current) => current.filter((_, i) => i !== index));
  };

  return { images, addFiles, removeImage };
}

/** Add Transaction: a status (or the current one, for a note), a note and images; the server applies the status rules. */
export function TransactionDialog({ clientService, onClose }: { clientService: ClientServiceSummary; onClose(changed: boolean): void }) {
  const styles = useStyles();
  const dialog = useDialogStyles();
  const notify = useNotify();
  const { hasRole } = useAuth();
  // Admin and Manager may correct a mistake (backwards, or out of Completed or Cancelled) with a reason; a provider moves forward only.
  const mayCorrect = hasRole('Admin', 'Manager');
  const [status, setStatus] = useState<ClientServiceStatus>(clientService.status);
  const correcting = mayCorrect && isStatusCorrection(clientService.status, status);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { images, addFiles, removeImage } = usePickedImages(() => setErrors((current) => ({ ...current, files: '' })));
  const [busy, setBusy] = useState<string | null>(null);
  /** One key per transaction meant: a retry (the answer lost, a server error) records it once. */
  const recording = useIdempotencyKey();
  /** Images already uploaded, so a retry sends the same file ids (the same body for its key) instead of new copies. */
  const uploadedIds = useRef(new Map<File, string>());

  const imagesError = useMemo(() => {
    if (images.length > TRANSACTION_MAX_FILES) return `At most ${TRANSACTION_MAX_FILES} images.`;
    const wrong = images.find((image) => !IMAGE_TYPES.includes(image.file.type));
    if (wrong) return `${wrong.file.name} is not a PNG, JPEG, GIF or WebP image.`;
    const large = images.find((image) => image.file.size > CLIENT_SERVICE_FILE_MAX_BYTES);
    if (large) return `${large.file.name} is larger than ${formatBytes(CLIENT_SERVICE_FILE_MAX_BYTES)}.`;
    return errors.files;
  }, [images, errors.files]);

  const save = async () => {
    const check = ServiceTransactionInputSchema.safeParse({ clientServiceId: clientService.id, status, note, files: [] });
    if (!check.success) {
      setErrors(schemaFieldErrors(check.error));
      return;
    }
    if (imagesError) return;
    setErrors({});
    try {
      const uploaded: string[] = [];
      for (const [index, image] of images.entries()) {
        setBusy(`Uploading image ${index + 1} of ${images.length}…`);
        let id = uploadedIds.current.get(image.file);
        if (!id) {
          id = (await uploadTransactionImage(clientService.id, image.file)).id;
          uploadedIds.current.set(image.file, id);
        }
        uploaded.push(id);
      }
      setBusy('Saving…');
      const result = await recording.run((key) =>
        recordTransaction({ clientServiceId: clientService.id, serviceId: clientService.serviceId, status, note, files: uploaded }, key),
      );
      if (result.success) {
        notify.success(result.message, 'Transaction recorded');
        onClose(true);
        return;
      }
      notify.warning(result.message, 'Transaction not recorded');
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(
        Object.fromEntries(
          Object.entries(byField).map(([path, message]) => [path.startsWith('files') || path === '(body)' ? 'files' : path, message]),
        ),
      );
      notify.error(errorMessage(error), 'Transaction not recorded');
    }
    setBusy(null);
  };

  const dirty = status !== clientService.status || note.trim() !== '' || images.length > 0;

  return (
    <>
      <UnsavedChangesGuard when={dirty && !busy} />
      <DialogFrame
        title={`Add Transaction · ${shortId(clientService.id)}`}
        onDismiss={() => onClose(false)}
        busy={!!busy}
        surfaceClassName={dialog.surface}
        surfaceStyle={{ maxWidth: '720px' }}
        contentClassName={styles.form}
        data-testid="transaction-dialog"
        wrap={(body) => (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {body}
          </form>
        )}
        actions={
          <>
            {busy && <Spinner size="tiny" label={busy} labelPosition="after" />}
            <Button appearance="secondary" disabled={!!busy} onClick={() => onClose(false)}>
              Cancel
            </Button>
            <Button appearance="primary" type="submit" disabled={!!busy || !!imagesError}>
              Save
            </Button>
          </>
        }
      >
        <span className={styles.current}>
          <Text>{`${clientService.serviceName} · current status`}</Text>
          <ClientServiceStatusBadge status={clientService.status} />
        </span>
        <Field
          label="Status"
          required
          validationState={errors.status ? 'error' : 'none'}
          validationMessage={errors.status || (status === clientService.status ? 'The same status records a note only.' : undefined)}
        >
          <ChoiceDropdown choices={CLIENT_SERVICE_STATUSES} value={status} onSelect={(chosen) => setStatus(chosen)} />
        </Field>
        {correcting && (
          <MessageBar intent="warning" data-testid="correction-notice">
            <MessageBarBody>{`Moving from ${clientService.status} to ${status} corrects the status. The note is required: say why.`}</MessageBarBody>
          </MessageBar>
        )}
        <Field
          label={correcting ? 'Reason for the correction' : 'Note'}
          required={correcting}
          validationState={errors.note ? 'error' : 'none'}
          validationMessage={errors.note}
          hint={`${note.length} / 2000`}
        >
          <Textarea value={note} onChange={(_event, data) => setNote(data.value)} rows={4} resize="vertical" maxLength={2000} />
        </Field>
        <ImagesField images={images} error={imagesError} disabled={!!busy} onAdd={addFiles} onRemove={removeImage} />
      </DialogFrame>
    </>
  );
}

interface ImagesFieldProps {
  images: readonly Picked[];
  error: string | undefined;
  disabled: boolean;
  onAdd(files: FileList | null): void;
  onRemove(index: number): void;
}

/** The transaction's images: a preview of each with Remove, and Add images. */
function ImagesField({ images, error, disabled, onAdd, onRemove }: ImagesFieldProps) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field
      label="Images"
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      hint="PNG, JPEG, GIF or WebP, up to 5 MB each."
    >
      <div className={styles.images}>
        {images.map((image, index) => (
          <div key={image.url} className={styles.preview}>
            <img src={image.url} alt={image.file.name} className={styles.previewImage} />
            <Text size={200} truncate wrap={false} className={styles.secondary}>
              {image.file.name}
            </Text>
            <Tooltip content={`Remove ${image.file.name}`} relationship="label">
              <Button size="small" className={styles.remove} icon={<DismissRegular />} onClick={() => onRemove(index)} />
            </Tooltip>
          </div>
        ))}
        <Button icon={<ImageAddRegular />} onClick={() => input.current?.click()} disabled={disabled}>
          Add images
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          className={styles.hidden}
          aria-label="Transaction images"
          data-testid="transaction-images"
          onChange={(event) => {
            onAdd(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
    </Field>
  );
}
