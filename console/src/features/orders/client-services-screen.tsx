import { useState, type ReactElement } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  CalendarAddRegular,
  CheckmarkCircleFilled,
  CheckmarkCircleRegular,
  ClipboardTaskListLtrRegular,
  DocumentCheckmarkRegular,
  DocumentSearchRegular,
  EyeRegular,
  NoteAddRegular,
  PersonSwapRegular,
  TaskListLtrRegular,
} from '@fluentui/react-icons';
import { CLIENT_SERVICE_STATUSES, shortId, type ClientServiceStatus, type ClientServiceSummary } from '@backoffice/contracts';
import { FigureGrid, type Figure } from '../../components/navigation';
import { useAuth } from '../../components/auth';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import {
  DataTable,
  FilterDropdown,
  ListToolbar,
  TruncatedText,
  pagedTableProps,
  useListParams,
  type DataTableColumn,
} from '../../components/table';
import { useClientServiceCounts, useClientServices } from './api';
import { AssignDialog } from './assign-dialog';
import { ClientServiceDetailDialog } from './client-service-detail-dialog';
import { ClientServiceStatusBadge } from './status-badges';
import { TransactionDialog } from './transaction-dialog';

const useStyles = makeStyles({
  id: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', display: 'inline-flex' },
  statusCell: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  service: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3 },
  none: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
});

/** The start of the screen: what waits at each step (each opens the list at that status) and this week's work. */
function ClientServiceFigures({ status }: { status: string }) {
  const { data } = useClientServiceCounts();
  const step = (label: string, value: ClientServiceStatus, icon: ReactElement): Figure => ({
    label,
    value: data?.byStatus[value],
    icon,
    to: { search: status === value ? '' : `?status=${value}` },
    current: status === value,
    testId: `client-service-count-${value}`,
  });
  return (
    <FigureGrid
      label="Client services by status"
      figures={[
        step('To verify', 'Created', <DocumentSearchRegular />),
        step('Verified, to fill', 'Verified', <TaskListLtrRegular />),
        step('Filled, to complete', 'Filled', <DocumentCheckmarkRegular />),
        { label: 'New this week', value: data?.newThisWeek, icon: <CalendarAddRegular />, testId: 'client-service-count-new' },
        {
          label: 'Completed this week',
          value: data?.completedThisWeek,
          icon: <CheckmarkCircleRegular />,
          testId: 'client-service-count-done',
        },
      ]}
    />
  );
}

type Open = { kind: 'view' | 'assign' | 'transaction'; clientService: ClientServiceSummary } | null;

function ServiceCell({ cs }: { cs: ClientServiceSummary }) {
  const styles = useStyles();
  return (
    <span className={styles.service}>
      <TruncatedText text={cs.serviceName} />
      <Text size={200} className={styles.secondary}>{`Order ${shortId(cs.orderId)}`}</Text>
    </span>
  );
}

function StatusCell({ cs }: { cs: ClientServiceSummary }) {
  const styles = useStyles();
  return (
    <span className={styles.statusCell}>
      <ClientServiceStatusBadge status={cs.status} />
      {cs.status === 'Completed' && (
        <span className={styles.done} role="img" aria-label="Completed" data-testid="completed-check">
          <CheckmarkCircleFilled />
        </span>
      )}
    </span>
  );
}

/** Who or where a client service is assigned to, as words ("Not assigned" in grey when nobody). */
function Assignee({ name }: { name: string | null }) {
  const styles = useStyles();
  return name ? <TruncatedText text={name} /> : <span className={styles.none}>Not assigned</span>;
}

function IdCell({ cs }: { cs: ClientServiceSummary }) {
  return <span className={useStyles().id}>{shortId(cs.id)}</span>;
}

const COLUMNS: DataTableColumn<ClientServiceSummary>[] = [
  { id: 'service', header: 'Service', render: (cs) => <ServiceCell cs={cs} />, card: 'title', width: 190, minWidth: 140 },
  { id: 'status', header: 'Status', render: (cs) => <StatusCell cs={cs} />, card: 'status', width: 120, minWidth: 116 },
  { id: 'id', header: 'ID', render: (cs) => <IdCell cs={cs} />, width: 96, minWidth: 96 },
  { id: 'date', header: 'Date', text: (cs) => formatDate(cs.createdDate, 'date-time'), width: 170, minWidth: 160 },
  {
    id: 'provider',
    header: 'Provider',
    render: (cs) => <Assignee name={cs.providerId ? (cs.providerName ?? 'Assigned') : null} />,
    width: 130,
  },
  {
    id: 'branch',
    header: 'Branch',
    render: (cs) => <Assignee name={cs.branchId ? (cs.branchName ?? `#${cs.branchId}`) : null} />,
    width: 130,
  },
];

/** /admin/clients-services: the submitted client services, searched, filtered and paged by the server, with View, Assign and Add Transaction. */
export default function ClientServicesScreen() {
  const { hasRole } = useAuth();
  const staff = hasRole('Admin', 'Manager');
  // Search, status and page live in the address and are answered by the server.
  const list = useListParams({ sort: 'createdDate', dir: 'desc' }, ['status']);
  const status = list.filters.status;
  const filtered = Boolean(list.search || status);
  const answer = useClientServices({
    search: list.search,
    status,
    page: list.page,
    pageSize: list.pageSize,
  });
  const [open, setOpen] = useState<Open>(null);

  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) void answer.mutate();
  };

  return (
    <>
      <PageHeader
        title="Client services"
        description={
          staff ? 'Order items submitted for delivery: assign them and record their progress.' : 'The client services assigned to you.'
        }
      />
      <ClientServiceFigures status={status} />
      <ListToolbar list={list} searchLabel="Search client services" placeholder="Search by id, order, service, provider or branch">
        <FilterDropdown
          label="Status"
          value={status}
          allLabel="Every status"
          options={CLIENT_SERVICE_STATUSES}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListToolbar>
      <DataTable<ClientServiceSummary>
        label="Client services"
        noun="client services"
        columns={COLUMNS}
        {...pagedTableProps(list, answer)}
        sort={undefined}
        getRowId={(cs) => cs.id}
        getRowName={(cs) => `${cs.serviceName} ${shortId(cs.id)}`}
        empty={{
          icon: <ClipboardTaskListLtrRegular />,
          text: !filtered
            ? 'No submitted Services'
            : list.search
              ? `No client service matches “${list.search}”${status ? ` with the status ${status}` : ''}.`
              : `No client service has the status ${status}.`,
          action: filtered ? (
            <Button
              onClick={() => {
                list.setSearchInput('');
                list.setFilter('status', '');
              }}
            >
              Clear the filters
            </Button>
          ) : undefined,
        }}
        onRowClick={(clientService) => setOpen({ kind: 'view', clientService })}
        actions={(clientService) => [
          { label: 'View', icon: <EyeRegular />, onClick: () => setOpen({ kind: 'view', clientService }) },
          ...(staff ? [{ label: 'Assign', icon: <PersonSwapRegular />, onClick: () => setOpen({ kind: 'assign', clientService }) }] : []),
          // The status change, named for what it does (the spec's "Add Transaction" is the dialog it opens).
          { label: 'Change status', icon: <NoteAddRegular />, onClick: () => setOpen({ kind: 'transaction', clientService }) },
        ]}
        compactActions
        actionsWidth={staff ? 130 : 100}
        rowAttributes={(cs) => ({ 'data-testid': 'client-service-row', 'data-id': cs.id })}
      />
      {open?.kind === 'view' && (
        <ClientServiceDetailDialog
          id={open.clientService.id}
          onClose={() => setOpen(null)}
          canAssign={staff}
          onAction={(kind) => setOpen({ kind, clientService: open.clientService })}
        />
      )}
      {open?.kind === 'assign' && <AssignDialog clientService={open.clientService} onClose={close} />}
      {open?.kind === 'transaction' && <TransactionDialog clientService={open.clientService} onClose={close} />}
    </>
  );
}
