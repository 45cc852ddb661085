import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { EditRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import type { Lead } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { EmptyState, PageSpinner, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { useMyLeads } from './api';
import { NotesDialog } from './notes-dialog';
import { TablePager } from './table-pager';
import { useDebounced } from './use-debounced';

const PAGE_SIZE = 15;

const useStyles = makeStyles({
  toolbar: { marginBottom: tokens.spacingVerticalL },
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  notes: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  notesText: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** /crm/leads: the signed-in sales agent's own leads, with search, paging and their notes. */
export default function MyLeadsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const [start, setStart] = useState(0);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const [editing, setEditing] = useState<Lead | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useMyLeads({ draw: 0, start, length: PAGE_SIZE, search });

  useEffect(() => setStart(0), [search]);
  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load your leads');
  }, [error, notify]);

  let content;
  if (isLoading && !data) content = <PageSpinner label="Loading your leads…" />;
  else if (error && !data)
    content = (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void mutate()}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  else if (!data || data.data.length === 0)
    content = (
      <EmptyState
        icon={<PeopleSearchRegular />}
        text={search ? `None of your leads matches “${search}”.` : 'No leads are assigned to you yet.'}
      />
    );
  else
    content = (
      <div className={styles.surface}>
        <Table aria-label="My leads" data-testid="my-leads" style={{ tableLayout: 'fixed' }}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: '20%' }}>Name</TableHeaderCell>
              <TableHeaderCell style={{ width: '150px' }}>Phone</TableHeaderCell>
              <TableHeaderCell style={{ width: '22%' }}>Email</TableHeaderCell>
              <TableHeaderCell style={{ width: '12%' }}>City</TableHeaderCell>
              <TableHeaderCell style={{ width: '120px' }}>Date of birth</TableHeaderCell>
              <TableHeaderCell>Notes</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.data.map((lead) => (
              <TableRow key={lead.id} data-testid="my-lead">
                <TableCell>
                  <span className={styles.name}>
                    <Text weight="semibold" className={styles.ellipsis}>
                      {lead.name}
                      {lead.duplicate && (
                        <Badge size="small" appearance="tint" color="warning" style={{ marginLeft: 6 }}>
                          Duplicate
                        </Badge>
                      )}
                    </Text>
                    <Text size={200} className={`${styles.muted} ${styles.ellipsis}`}>
                      {lead.workAt || '—'}
                    </Text>
                  </span>
                </TableCell>
                <TableCell className={styles.ellipsis}>{lead.phone || '—'}</TableCell>
                <TableCell className={styles.ellipsis} title={lead.email}>
                  {lead.email || '—'}
                </TableCell>
                <TableCell className={styles.ellipsis}>{lead.currentCity || '—'}</TableCell>
                <TableCell>{lead.dob ? formatDate(`${lead.dob}T00:00:00`) : '—'}</TableCell>
                <TableCell>
                  <span className={styles.notes}>
                    <Text className={`${styles.notesText} ${lead.notes ? '' : styles.muted}`} title={lead.notes}>
                      {lead.notes || 'No notes'}
                    </Text>
                    <Button size="small" icon={<EditRegular />} onClick={() => setEditing(lead)} aria-label={`Edit notes on ${lead.name}`}>
                      Notes
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePager
          start={start}
          length={PAGE_SIZE}
          filtered={data.recordsFiltered}
          total={data.recordsTotal}
          noun="leads"
          loading={isValidating}
          onPage={setStart}
        />
      </div>
    );

  return (
    <>
      <PageHeader title="My leads" description="The leads assigned to you, newest first. Keep notes on each call." />
      <div className={styles.toolbar}>
        <SearchBox
          placeholder="Search name, email or phone"
          aria-label="Search my leads"
          value={typed}
          onChange={(_event, state) => setTyped(state.value)}
          style={{ width: '340px' }}
        />
      </div>
      {content}
      {editing && (
        <NotesDialog
          lead={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
    </>
  );
}
