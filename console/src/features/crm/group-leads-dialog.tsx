import { useState } from 'react';
import { Badge, Button, Dialog, DialogBody, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import type { Lead, LeadGroup } from '@backoffice/contracts';
import { formatDate } from '../../components/format';
import { ExportButton } from '../../components/layout';
import {
  useResetWhen,
  DEFAULT_PAGE_SIZE,
  DataTable,
  SearchInput,
  TruncatedText,
  answerTableProps,
  type DataTableColumn,
} from '../../components/table';
import { CRM_PATHS, download, useLeadGroupPage } from './api';
import { leadPagerNote } from './lead-pager-note';
import { useDebounced } from '../../components/table';

const useStyles = makeStyles({
  surface: {
    width: '100vw',
    maxWidth: '100vw',
    height: '100vh',
    maxHeight: '100vh',
    borderRadius: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    boxSizing: 'border-box',
    '@media (max-width: 639px)': { padding: tokens.spacingHorizontalM },
  },
  body: { display: 'flex', flexDirection: 'column', height: '100%', gap: tokens.spacingVerticalS },
  header: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  title: { flexGrow: 1, minWidth: 0 },
  counts: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular, marginLeft: tokens.spacingHorizontalS },
  table: { flexGrow: 1, minHeight: 0, boxShadow: 'none', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  scroll: { flexGrow: 1, maxHeight: 'none' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
});

const COLUMNS: DataTableColumn<Lead>[] = [
  { id: 'id', header: 'ID', text: (lead) => String(lead.id), width: 70, minWidth: 56, card: 'none' },
  { id: 'name', header: 'Name', render: (lead) => <LeadName lead={lead} />, width: 170, minWidth: 110, card: 'title' },
  { id: 'workAt', header: 'Work at', text: (lead) => lead.workAt, width: 130, minWidth: 90 },
  { id: 'gender', header: 'Gender', text: (lead) => lead.gender, width: 80, minWidth: 64 },
  { id: 'currentCity', header: 'Current city', text: (lead) => lead.currentCity, width: 120, minWidth: 90 },
  { id: 'dob', header: 'Date of birth', text: (lead) => (lead.dob ? formatDate(`${lead.dob}T00:00:00`) : ''), width: 110, minWidth: 96 },
  { id: 'email', header: 'Email', text: (lead) => lead.email, width: 190, minWidth: 120 },
  { id: 'phone', header: 'Phone', text: (lead) => lead.phone, width: 130, minWidth: 110 },
  // Notes are read whole: they wrap instead of being cut.
  { id: 'notes', header: 'Notes', text: (lead) => lead.notes, wrap: true, width: 260, minWidth: 140 },
];

function LeadName({ lead }: { lead: Lead }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      <TruncatedText text={lead.name} />
      {lead.duplicate && (
        <Badge size="small" appearance="tint" color="warning">
          Duplicate
        </Badge>
      )}
    </span>
  );
}

/** A group's leads, full screen, paged and searched on the server. */
export function GroupLeadsDialog({ group, onClose }: { group: LeadGroup; onClose(): void }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());

  useResetWhen(`${search}|${pageSize}`, () => setPage(1));
  const answer = useLeadGroupPage(group.id, {
    draw: page,
    start: (page - 1) * pageSize,
    length: pageSize,
    search,
  });

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, state) => !state.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={`Leads of ${group.name}`} data-testid="group-leads-dialog">
        <DialogBody className={styles.body}>
          <div className={styles.header}>
            <DialogTitle className={styles.title}>
              {group.name}
              <Text className={styles.counts}>
                {`${group.leadCount.toLocaleString()} leads · created ${formatDate(group.dateCreated, 'date-time')}`}
              </Text>
            </DialogTitle>
            <SearchInput label="Search leads" placeholder="Search name, email or phone" value={typed} onChange={setTyped} />
            <ExportButton run={() => download(CRM_PATHS.groupExport(group.id), `${group.name}.xlsx`)} failureTitle="Export failed">
              Export
            </ExportButton>
            <Button appearance="subtle" icon={<DismissRegular />} aria-label="Close" onClick={onClose} />
          </div>
          <DataTable<Lead>
            className={styles.table}
            scrollClassName={styles.scroll}
            label="Leads"
            noun="leads"
            columns={COLUMNS}
            {...answerTableProps(answer, (result) => result.data)}
            getRowId={(lead) => String(lead.id)}
            getRowName={(lead) => lead.name}
            empty={{ icon: <PeopleSearchRegular />, text: search ? `No lead matches “${search}”.` : 'This group has no leads.' }}
            paging={
              answer.data && {
                page,
                pageSize,
                total: answer.data.recordsFiltered,
                note: leadPagerNote(answer.data),
                loading: answer.isValidating,
                onPage: setPage,
                onPageSize: setPageSize,
              }
            }
            rowAttributes={() => ({ 'data-testid': 'group-lead-row' })}
          />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
