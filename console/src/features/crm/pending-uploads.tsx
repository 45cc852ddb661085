import {
  Button,
  Label,
  ProgressBar,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
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
import { EmptyState } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { extractionProgress } from './import-text';
import type { Extraction } from './use-extractions';

const useStyles = makeStyles({
  message: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  options: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  seen: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteMarigoldForeground1 },
  seenIcon: { flexShrink: 0, fontSize: '16px', marginTop: '1px' },
  seenText: { color: tokens.colorNeutralForeground1 },
  choices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  progressText: { fontVariantNumeric: 'tabular-nums' },
  // On a phone the date moves under the name and the actions column shrinks, leaving the message room to read.
  nameCol: { width: '24%', '@media (max-width: 600px)': { width: '30%' } },
  dateCol: { width: '170px', '@media (max-width: 600px)': { display: 'none' } },
  actionsCol: { width: '190px', '@media (max-width: 600px)': { width: '44px' } },
  dateUnder: { display: 'none', color: tokens.colorNeutralForeground3, '@media (max-width: 600px)': { display: 'block' } },
  extractLabel: { '@media (max-width: 600px)': { display: 'none' } },
  actionsNarrow: { '@media (max-width: 600px)': { flexDirection: 'column', alignItems: 'flex-end' } },
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

/** Files uploaded and waiting to be extracted: name, date, message (red after a failure), Extract and clear. */
export function PendingUploads({ uploads, running, onExtract, onExtractAgain, onOpenGroup, onClear, onFailedRows }: PendingUploadsProps) {
  const styles = useStyles();
  if (uploads.length === 0) {
    return <EmptyState icon={<DocumentTableRegular />} text="No saved files. Upload an Excel sheet to import leads." />;
  }
  return (
    <Table aria-label="Pending files" data-testid="pending-files">
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.nameCol}>Name</TableHeaderCell>
          <TableHeaderCell className={styles.dateCol}>Date</TableHeaderCell>
          <TableHeaderCell>Message</TableHeaderCell>
          <TableHeaderCell className={styles.actionsCol} aria-label="Actions" />
        </TableRow>
      </TableHeader>
      <TableBody>
        {uploads.map((upload) => {
          const extraction = running[upload.id];
          const busy = Boolean(extraction) || upload.status === 'extracting';
          const seen = !busy && upload.alreadyImported ? upload.alreadyImported : null;
          return (
            <TableRow key={upload.id} data-testid="pending-file">
              <TableCell>
                <Text className={styles.name}>{upload.name}</Text>
                <Text size={200} className={styles.dateUnder}>
                  {formatDate(upload.date, 'date-time')}
                </Text>
              </TableCell>
              <TableCell className={styles.dateCol}>{formatDate(upload.date, 'date-time')}</TableCell>
              <TableCell>
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
                        <Button size="small" icon={<ArrowRepeatAllRegular />} onClick={() => onExtractAgain(upload)}>
                          Import as a new group
                        </Button>
                        <Button size="small" appearance="subtle" icon={<OpenRegular />} onClick={() => onOpenGroup(seen.group)}>
                          Open “{seen.group.name}”
                        </Button>
                        <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => onClear(upload)}>
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
                      <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => onFailedRows(upload)}>
                        {`Download failed rows (${upload.failedRows.toLocaleString()})`}
                      </Button>
                    </div>
                  )}
                </div>
              </TableCell>
              <TableCell>
                <div className={mergeClasses(styles.actions, styles.actionsNarrow)}>
                  {!seen && (
                    <Button
                      size="small"
                      appearance="primary"
                      icon={<TableArrowUpRegular />}
                      disabled={busy}
                      onClick={() => onExtract(upload)}
                      aria-label={`Extract ${upload.name}`}
                    >
                      <span className={styles.extractLabel}>Extract</span>
                    </Button>
                  )}
                  <Tooltip content={`Clear ${upload.name}`} relationship="label">
                    <Button size="small" appearance="subtle" icon={<DeleteRegular />} disabled={busy} onClick={() => onClear(upload)} />
                  </Tooltip>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
