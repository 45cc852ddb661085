import { Button, Label, ProgressBar, Radio, RadioGroup, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowRepeatAllRegular,
  DeleteRegular,
  DismissRegular,
  DocumentTableRegular,
  OpenRegular,
  TableArrowUpRegular,
  WarningFilled,
} from '@fluentui/react-icons';
import type { DuplicateMode, LeadGroup, LeadUpload } from '@backoffice/contracts';
import { formatDate } from '../../components/format';
import { DataTable, type DataTableColumn } from '../../components/table';
import { extractionProgress } from './import-text';
import type { Extraction } from './use-extractions';

const useStyles = makeStyles({
  message: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  options: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  seen: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteMarigoldForeground1 },
  seenIcon: { flexShrink: 0, fontSize: '16px', marginTop: '1px' },
  seenText: { color: tokens.colorNeutralForeground1 },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  progressText: { fontVariantNumeric: 'tabular-nums' },
});

export interface PendingUploadsProps {
  uploads: readonly LeadUpload[];
  running: Record<number, Extraction>;
  onExtract(upload: LeadUpload): void;
  /** The user chose to import a file already imported, into a new group. */
  onExtractAgain(upload: LeadUpload): void;
  onOpenGroup(group: LeadGroup): void;
  onClear(upload: LeadUpload): void;
  onFailedRows(upload: LeadUpload): void;
}

/** The duplicate choice every extraction uses. */
export function DuplicateChoice({ value, onChange }: { value: DuplicateMode; onChange(value: DuplicateMode): void }) {
  const styles = useStyles();
  return (
    <div className={styles.options}>
      <Label id="duplicates-label" size="small">
        Leads already known (same phone or email):
      </Label>
      <RadioGroup
        layout="horizontal"
        aria-labelledby="duplicates-label"
        value={value}
        onChange={(_event, data) => onChange(data.value as DuplicateMode)}
      >
        <Radio value="flag" label="Import and flag" />
        <Radio value="skip" label="Skip" />
      </RadioGroup>
    </div>
  );
}

/** The cell of a file's message: the extraction's progress, the choice for a file already imported, or the server's message. */
function UploadMessage({
  upload,
  extraction,
  busy,
  props,
}: {
  upload: LeadUpload;
  extraction?: Extraction;
  busy: boolean;
  props: PendingUploadsProps;
}) {
  const styles = useStyles();
  const seen = !busy && upload.alreadyImported ? upload.alreadyImported : null;
  return (
    <div className={styles.message}>
      {busy ? (
        <>
          <Text size={200} className={styles.progressText} data-testid="extract-progress-text" aria-live="polite">
            {extractionProgress(extraction?.progress ?? 0, extraction?.rows, Boolean(extraction?.jobId))}
          </Text>
          <ProgressBar
            value={extraction?.progress ? extraction.progress / 100 : undefined}
            thickness="large"
            aria-label={`Extracting ${upload.name}`}
            data-testid="extract-progress"
          />
        </>
      ) : seen ? (
        <>
          <Text size={200} className={styles.seen} data-testid="already-imported" role="status">
            <WarningFilled className={styles.seenIcon} aria-hidden="true" />
            <span className={styles.seenText}>
              {`Already imported on ${formatDate(seen.date, 'date')} as “${seen.group.name}” (${seen.group.leadCount.toLocaleString()} leads).`}
            </span>
          </Text>
          <div className={styles.choices} role="group" aria-label={`What to do with ${upload.name}`}>
            <Button size="small" icon={<ArrowRepeatAllRegular />} onClick={() => props.onExtractAgain(upload)}>
              Import as a new group
            </Button>
            <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => props.onOpenGroup(seen.group)}>
              Open “{seen.group.name}”
            </Button>
            <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => props.onClear(upload)}>
              Cancel upload
            </Button>
          </div>
        </>
      ) : (
        <Text size={200} className={upload.error ? styles.error : styles.muted} data-testid="pending-message">
          {upload.message}
        </Text>
      )}
      {!busy && upload.error && upload.failedRows > 0 && (
        <div>
          <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => props.onFailedRows(upload)}>
            {`Download failed rows (${upload.failedRows.toLocaleString()})`}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Files uploaded and waiting to be extracted: name, date, message (red after a failure), Extract and clear. */
export function PendingUploads(props: PendingUploadsProps) {
  const { uploads, running, onExtract, onClear } = props;
  const styles = useStyles();
  const isBusy = (upload: LeadUpload) => Boolean(running[upload.id]) || upload.status === 'extracting';
  const columns: DataTableColumn<LeadUpload>[] = [
    { id: 'name', header: 'Name', width: 220, card: 'title', render: (upload) => <Text className={styles.name}>{upload.name}</Text> },
    { id: 'date', header: 'Date', width: 170, text: (upload) => formatDate(upload.date, 'date-time') },
    {
      id: 'message',
      header: 'Message',
      width: 380,
      render: (upload) => <UploadMessage upload={upload} extraction={running[upload.id]} busy={isBusy(upload)} props={props} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      width: 190,
      render: (upload) => (
        <div className={styles.actions}>
          {!(!isBusy(upload) && upload.alreadyImported) && (
            <Button
              size="small"
              appearance="primary"
              icon={<TableArrowUpRegular />}
              disabled={isBusy(upload)}
              onClick={() => onExtract(upload)}
              aria-label={`Extract ${upload.name}`}
            >
              Extract
            </Button>
          )}
          <Tooltip content={`Clear ${upload.name}`} relationship="label">
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} disabled={isBusy(upload)} onClick={() => onClear(upload)} />
          </Tooltip>
        </div>
      ),
    },
  ];
  return (
    <DataTable<LeadUpload>
      label="Pending files"
      noun="files"
      columns={columns}
      items={uploads}
      getRowId={(upload) => String(upload.id)}
      getRowName={(upload) => upload.name}
      empty={{ icon: <DocumentTableRegular />, text: 'No saved files. Upload an Excel sheet to import leads.' }}
      rowAttributes={() => ({ 'data-testid': 'pending-file' })}
    />
  );
}
