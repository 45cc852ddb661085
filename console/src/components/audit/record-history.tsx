import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import type { AuditHistoryQuery } from '@backoffice/contracts';
import { errorMessage } from '../api';
import { ViewDialog } from '../feedback/view-dialog';
import { ListPager } from '../table';
import { useRecordHistory } from './api';
import { AuditEntry } from './audit-entry';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column' },
  empty: { color: tokens.colorNeutralForeground3 },
  surface: { width: 'min(720px, calc(100vw - 32px))', maxWidth: '720px' },
});

/** Who changed this record, and when: its history from the audit log, newest first (Admin and Manager). */
export function RecordHistory({ record }: { record: Omit<AuditHistoryQuery, 'page' | 'pageSize'> }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useRecordHistory({ ...record, page, pageSize: PAGE_SIZE });
  if (isLoading) return <Spinner size="small" label="Loading the history…" />;
  if (error)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(error)}</MessageBarBody>
      </MessageBar>
    );
  if (!data?.items.length) return <Text className={styles.empty}>No recorded changes yet.</Text>;
  return (
    <div className={styles.list} data-testid="record-history">
      {data.items.map((entry) => (
        <AuditEntry key={entry.id} record={entry} showRecord={false} />
      ))}
      {data.total > PAGE_SIZE && <ListPager page={page} pageSize={PAGE_SIZE} total={data.total} noun="changes" onPage={setPage} />}
    </div>
  );
}

/** A record's history in a dialog, e.g. from a row's menu. */
export function RecordHistoryDialog({
  title,
  record,
  onClose,
}: {
  title: string;
  record: Omit<AuditHistoryQuery, 'page' | 'pageSize'>;
  onClose(): void;
}) {
  const styles = useStyles();
  return (
    <ViewDialog title={`History of ${title}`} label={`History of ${title}`} surfaceClassName={styles.surface} onClose={onClose}>
      <RecordHistory record={record} />
    </ViewDialog>
  );
}

/** A "History" button that opens the record's history. */
export function RecordHistoryButton({ title, record }: { title: string; record: Omit<AuditHistoryQuery, 'page' | 'pageSize'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryRegular />} onClick={() => setOpen(true)} aria-label={`History of ${title}`}>
        History
      </Button>
      {open && <RecordHistoryDialog title={title} record={record} onClose={() => setOpen(false)} />}
    </>
  );
}
