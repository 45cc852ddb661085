import { useEffect, useState, type ReactElement } from 'react';
import {
  Button,
  Dropdown,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  SearchBox,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  BuildingFilled,
  BuildingRegular,
  CheckmarkCircleFilled,
  ClipboardTaskListLtrRegular,
  EyeRegular,
  NoteAddRegular,
  PersonFilled,
  PersonRegular,
  PersonSwapRegular,
} from '@fluentui/react-icons';
import { CLIENT_SERVICE_STATUSES, shortId, type ClientServiceSummary } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useAuth } from '../../components/auth';
import { EmptyState, PageSpinner, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { useListParams } from '../../components/table';
import { useClientServices } from './api';
import { AssignDialog } from './assign-dialog';
import { ClientServiceDetailDialog } from './client-service-detail-dialog';
import { ClientServiceStatusBadge } from './status-badges';
import { TransactionDialog } from './transaction-dialog';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  search: { width: '340px', maxWidth: '100%' },
  status: { minWidth: '160px' },
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    // The table keeps readable columns and scrolls inside its card on a narrow screen.
    overflowX: 'auto',
  },
  table: { minWidth: '760px' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', display: 'inline-flex' },
  on: { color: tokens.colorBrandForeground1, fontSize: '20px', display: 'inline-flex' },
  off: { color: tokens.colorNeutralForeground4, fontSize: '20px', display: 'inline-flex' },
  indicators: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  count: { color: tokens.colorNeutralForeground3 },
  service: { display: 'flex', flexDirection: 'column' },
  secondary: { color: tokens.colorNeutralForeground3 },
});

type Open = { kind: 'view' | 'assign' | 'transaction'; clientService: ClientServiceSummary } | null;

function Indicator({ on, label, icon }: { on: boolean; label: string; icon: [ReactElement, ReactElement] }) {
  const styles = useStyles();
  return (
    <Tooltip content={label} relationship="label">
      <span className={on ? styles.on : styles.off} tabIndex={0} role="img" aria-label={label}>
        {on ? icon[0] : icon[1]}
      </span>
    </Tooltip>
  );
}

/** /admin/clients-services: every submitted client service (no paging), with View, Assign and Add Transaction. */
export default function ClientServicesScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const { hasRole } = useAuth();
  const staff = hasRole('Admin', 'Manager');
  // Search and status live in the address and are answered by the server.
  const list = useListParams({ sort: 'createdDate', dir: 'desc' }, ['status']);
  const status = list.filters.status;
  const filtered = Boolean(list.search || status);
  const { data, error, isLoading, mutate } = useClientServices({ search: list.search, status });
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load client services');
  }, [error, notify]);

  const shown = data ?? [];
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) void mutate();
  };

  let content;
  if (isLoading) {
    content = <PageSpinner label="Loading client services…" />;
  } else if (error && !data) {
    content = (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>Failed to load client services</MessageBarTitle>
          {errorMessage(error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void mutate()}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  } else if (!data?.length && !filtered) {
    content = <EmptyState icon={<ClipboardTaskListLtrRegular />} text="No submitted Services" />;
  } else {
    content = (
      <>
        <div className={styles.toolbar}>
          <div className={styles.filters}>
            <SearchBox
              className={styles.search}
              placeholder="Search by id, order, service, provider or branch"
              aria-label="Search client services"
              value={list.searchInput}
              onChange={(_event, value) => list.setSearchInput(value.value)}
            />
            <Dropdown
              className={styles.status}
              aria-label="Status"
              value={status || 'Every status'}
              selectedOptions={[status]}
              onOptionSelect={(_event, option) => list.setFilter('status', option.optionValue ?? '')}
            >
              <Option value="">Every status</Option>
              {CLIENT_SERVICE_STATUSES.map((name) => (
                <Option key={name} value={name}>
                  {name}
                </Option>
              ))}
            </Dropdown>
          </div>
          <Text size={200} className={styles.count} aria-live="polite">
            {`${shown.length} client service${shown.length === 1 ? '' : 's'}${filtered ? ' found' : ''}`}
          </Text>
        </div>
        {shown.length === 0 ? (
          <EmptyState
            text={
              list.search
                ? `No client service matches “${list.search}”${status ? ` with the status ${status}` : ''}.`
                : `No client service has the status ${status}.`
            }
          />
        ) : (
          <ClientServicesTable items={shown} staff={staff} onOpen={(kind, clientService) => setOpen({ kind, clientService })} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Client services"
        description={
          staff ? 'Order items submitted for delivery: assign them and record their progress.' : 'The client services assigned to you.'
        }
      />
      {content}
      {open?.kind === 'view' && <ClientServiceDetailDialog id={open.clientService.id} onClose={() => setOpen(null)} />}
      {open?.kind === 'assign' && <AssignDialog clientService={open.clientService} onClose={close} />}
      {open?.kind === 'transaction' && <TransactionDialog clientService={open.clientService} onClose={close} />}
    </>
  );
}

interface ClientServicesTableProps {
  items: readonly ClientServiceSummary[];
  /** Admin or Manager: they may assign. */
  staff: boolean;
  onOpen(kind: NonNullable<Open>['kind'], clientService: ClientServiceSummary): void;
}

/** The client services: done check, id, date, service and order, status, who and where, and the actions. */
function ClientServicesTable({ items, staff, onOpen }: ClientServicesTableProps) {
  const styles = useStyles();
  return (
    <div className={styles.surface}>
      <Table className={styles.table} aria-label="Client services" data-testid="client-services-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: '44px' }} aria-label="Completed" />
            <TableHeaderCell style={{ width: '100px' }}>ID</TableHeaderCell>
            <TableHeaderCell style={{ width: '150px' }}>Date</TableHeaderCell>
            <TableHeaderCell>Service</TableHeaderCell>
            <TableHeaderCell style={{ width: '120px' }}>Status</TableHeaderCell>
            <TableHeaderCell style={{ width: '100px' }}>Assigned</TableHeaderCell>
            <TableHeaderCell style={{ width: '200px' }}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((cs) => (
            <TableRow key={cs.id} data-testid="client-service-row" data-id={cs.id}>
              <TableCell>
                {cs.status === 'Completed' && (
                  <span className={styles.done} role="img" aria-label="Completed" data-testid="completed-check">
                    <CheckmarkCircleFilled />
                  </span>
                )}
              </TableCell>
              <TableCell className={styles.id}>{shortId(cs.id)}</TableCell>
              <TableCell>{formatDate(cs.createdDate, 'date-time')}</TableCell>
              <TableCell>
                <span className={styles.service}>
                  <Text>{cs.serviceName}</Text>
                  <Text size={200} className={styles.secondary}>
                    {`Order ${shortId(cs.orderId)}`}
                  </Text>
                </span>
              </TableCell>
              <TableCell>
                <ClientServiceStatusBadge status={cs.status} />
              </TableCell>
              <TableCell>
                <span className={styles.indicators}>
                  <Indicator
                    on={!!cs.providerId}
                    label={cs.providerId ? `Provider: ${cs.providerName ?? 'assigned'}` : 'No provider'}
                    icon={[<PersonFilled key="on" />, <PersonRegular key="off" />]}
                  />
                  <Indicator
                    on={!!cs.branchId}
                    label={cs.branchId ? `Branch: ${cs.branchName ?? `#${cs.branchId}`}` : 'No branch'}
                    icon={[<BuildingFilled key="on" />, <BuildingRegular key="off" />]}
                  />
                </span>
              </TableCell>
              <TableCell>
                <span className={styles.actions}>
                  <Button size="small" icon={<EyeRegular />} onClick={() => onOpen('view', cs)}>
                    View
                  </Button>
                  {staff && (
                    <Button size="small" icon={<PersonSwapRegular />} onClick={() => onOpen('assign', cs)}>
                      Assign
                    </Button>
                  )}
                  <Button size="small" icon={<NoteAddRegular />} onClick={() => onOpen('transaction', cs)}>
                    Add Transaction
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
