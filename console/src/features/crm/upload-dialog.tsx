import { useRef, useState, type DragEvent } from 'react';
import { Button, Spinner, Text, makeStyles, shorthands, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, CheckmarkCircleFilled, DismissCircleFilled, DocumentTableRegular, WarningFilled } from '@fluentui/react-icons';
import { errorMessage, fieldErrors } from '../../components/api';
import { useConfirm } from '../../components/feedback';
import { DialogFrame } from '../../components/feedback/dialog-frame';
import { formatDate } from '../../components/format';
import { uploadLeadFile } from './api';

const useStyles = makeStyles({
  surface: { width: '620px', maxWidth: 'calc(100vw - 32px)' },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    ...shorthands.border(tokens.strokeWidthThick, 'dashed', tokens.colorNeutralStroke1),
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  dropActive: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  dropIcon: { fontSize: '40px', color: tokens.colorBrandForeground1 },
  hint: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
  list: { listStyleType: 'none', margin: `${tokens.spacingVerticalL} 0 0`, padding: 0, display: 'grid', rowGap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gridTemplateColumns: '24px 1fr auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  failed: { color: tokens.colorPaletteRedForeground1, gridColumn: '2 / 4' },
  notice: { color: tokens.colorPaletteMarigoldForeground1, gridColumn: '2 / 4' },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  warn: { color: tokens.colorPaletteMarigoldForeground1 },
});

type ItemState = 'queued' | 'uploading' | 'uploaded' | 'failed';
interface Item {
  key: string;
  file: File;
  state: ItemState;
  message?: string;
  /** Said of a stored file that needs the user's eye: its content was already imported. */
  notice?: string;
}

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface UploadDialogProps {
  open: boolean;
  /** Called after each file is stored, so the pending list grows as files arrive. */
  onUploaded(): void;
  onClose(): void;
}

/**
 * "Upload Excel Sheet": choose or drop xlsx files; each is uploaded at once, one after the other.
 * Closing while files are still waiting or uploading asks "Are you sure to cancel uploads?".
 */
export function UploadDialog({ open, onUploaded, onClose }: UploadDialogProps) {
  const styles = useStyles();
  const confirm = useConfirm();
  const [items, setItems] = useState<Item[]>([]);
  const queue = useRef<Item[]>([]);
  const working = useRef(false);
  const abort = useRef<AbortController | null>(null);

  const patch = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const pump = async () => {
    if (working.current) return;
    working.current = true;
    while (queue.current.length) {
      const item = queue.current.shift()!;
      patch(item.key, { state: 'uploading' });
      abort.current = new AbortController();
      try {
        const stored = await uploadLeadFile(item.file, abort.current.signal);
        const seen = stored.alreadyImported;
        patch(item.key, {
          state: 'uploaded',
          notice: seen
            ? `Already imported on ${formatDate(seen.date, 'date')} as “${seen.group.name}”. Choose in Saved files: import it as a new group, open that group, or cancel.`
            : undefined,
        });
        onUploaded();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') break;
        patch(item.key, { state: 'failed', message: fieldErrors(error).file ?? errorMessage(error) });
      }
    }
    abort.current = null;
    working.current = false;
  };

  const add = (files: FileList | File[]) => {
    const added: Item[] = [...files].map((file, index) => {
      const key = `${Date.now()}-${index}-${file.name}`;
      if (!/\.xlsx$/i.test(file.name)) return { key, file, state: 'failed', message: 'Only .xlsx spreadsheets are accepted.' };
      return { key, file, state: 'queued' };
    });
    setItems((current) => [...current, ...added]);
    queue.current.push(...added.filter((item) => item.state === 'queued'));
    void pump();
  };

  const busy = items.some((item) => item.state === 'queued' || item.state === 'uploading');

  const close = async () => {
    if (
      busy &&
      !(await confirm({
        message: 'Are you sure to cancel uploads?',
        title: 'Cancel uploads',
        confirmLabel: 'Cancel uploads',
        cancelLabel: 'Keep uploading',
      }))
    )
      return;
    queue.current = [];
    abort.current?.abort();
    setItems([]);
    onClose();
  };

  return (
    <DialogFrame
      open={open}
      title="Upload Excel Sheet"
      onDismiss={() => void close()}
      surfaceClassName={styles.surface}
      data-testid="upload-dialog"
      actions={
        <Button appearance={busy ? 'secondary' : 'primary'} onClick={() => void close()}>
          {busy ? 'Cancel' : 'Close'}
        </Button>
      }
    >
      <DropZone onFiles={add} />
      {items.length > 0 && <UploadList items={items} />}
    </DialogFrame>
  );
}

/** Where files are dropped or chosen. */
function DropZone({ onFiles }: { onFiles(files: FileList): void }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
  };
  return (
    <div
      className={mergeClasses(styles.drop, dragging && styles.dropActive)}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <DocumentTableRegular className={styles.dropIcon} aria-hidden="true" />
      <Text weight="semibold">Drop .xlsx files here</Text>
      <Text size={200} className={styles.hint}>
        Excel workbooks only. Use the template&apos;s headers; the first sheet is imported.
      </Text>
      <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
        Choose files
      </Button>
      <input
        ref={input}
        type="file"
        accept={XLSX_ACCEPT}
        multiple
        className={styles.hidden}
        aria-label="Choose xlsx files"
        onChange={(event) => {
          if (event.target.files?.length) onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}

/** Each file of this upload: waiting, uploading, uploaded (with a notice when imported before) or failed (why). */
function UploadList({ items }: { items: readonly Item[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Files">
      {items.map((item) => (
        <li key={item.key} className={styles.item} data-testid="upload-item">
          {item.state === 'uploading' || item.state === 'queued' ? (
            <Spinner size="tiny" aria-label={item.state === 'queued' ? 'Waiting' : 'Uploading'} />
          ) : item.state === 'uploaded' && item.notice ? (
            <WarningFilled className={styles.warn} aria-label="Uploaded, already imported before" />
          ) : item.state === 'uploaded' ? (
            <CheckmarkCircleFilled className={styles.ok} aria-label="Uploaded" />
          ) : (
            <DismissCircleFilled className={styles.bad} aria-label="Failed" />
          )}
          <Text className={styles.name} title={item.file.name}>
            {item.file.name}
          </Text>
          <Text size={200} className={styles.hint}>
            {item.state === 'uploaded' ? 'Uploaded' : item.state === 'queued' ? 'Waiting…' : size(item.file.size)}
          </Text>
          {item.message && (
            <Text size={200} className={styles.failed} role="alert">
              {item.message}
            </Text>
          )}
          {item.notice && (
            <Text size={200} className={styles.notice} role="status" data-testid="upload-notice">
              {item.notice}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}
