import {
  Badge,
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowRightRegular,
  BuildingRegular,
  CheckmarkCircleFilled,
  CircleRegular,
  NoteAddRegular,
  PersonSwapRegular,
} from '@fluentui/react-icons';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { shortId, type ClientServiceDetail } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { DetailsDrawer } from '../../components/feedback/details-drawer';
import { formatDate } from '../../components/format';
import { ACCESS, hasAnyRole, useAuth } from '../../components/auth';
import { TextLink } from '../../components/navigation';
import { DataTable, StackedCell, type DataTableColumn } from '../../components/table';
import { useClientService } from './api';
import { formatBytes, formatDuration } from './formatting';
import { FileLink, ImageThumbnail } from './protected-file';
import { ClientServiceStatusBadge } from './status-badges';
import { RecordHistory } from '../../components/audit';

export const useDialogStyles = makeStyles({
  surface: { maxWidth: '1040px', width: 'calc(100vw - 48px)' },
  content: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    maxHeight: 'calc(100vh - 220px)',
    overflowY: 'auto',
  },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', rowGap: '2px', minWidth: 0 },
  factName: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  factValue: { margin: 0, overflowWrap: 'anywhere' },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  missing: { color: tokens.colorNeutralForeground3 },
  secondary: { color: tokens.colorNeutralForeground3 },
  images: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  note: { whiteSpace: 'pre-wrap', paddingBlock: tokens.spacingVerticalXS },
});

function Fact({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue} data-testid={testId}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </dd>
    </div>
  );
}

/** The status progress: 25/50/75/100 %, no bar when Cancelled. */
export function StatusProgress({ detail }: { detail: Pick<ClientServiceDetail, 'status' | 'progress'> }) {
  if (detail.progress === null) {
    return (
      <MessageBar intent="error" data-testid="progress-cancelled">
        <MessageBarBody>This client service was cancelled.</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <Field label={`Progress: ${detail.status}, ${detail.progress}%`} validationState="none">
      <ProgressBar
        value={detail.progress / 100}
        thickness="large"
        color={detail.progress === 100 ? 'success' : 'brand'}
        aria-valuetext={`${detail.progress}%`}
        data-testid="progress-bar"
        data-progress={detail.progress}
      />
    </Field>
  );
}

function DetailBody({ detail }: { detail: ClientServiceDetail }) {
  const seesOrders = hasAnyRole(useAuth().user, ACCESS.backOffice);
  const styles = useStyles();
  // The receipt's breadcrumb leads back to this list, filters and page included.
  const location = useLocation();
  const details = Object.entries(detail.jsonData ?? {});
  return (
    <>
      <StatusProgress detail={detail} />
      <dl className={styles.facts}>
        <Fact name="Client name">{detail.clientName}</Fact>
        <Fact name="Phone">{detail.clientPhone}</Fact>
        <Fact name="Email">{detail.clientEmail}</Fact>
        <Fact name="Service">{detail.serviceName}</Fact>
        <Fact name="Delivery type">{detail.deliveryType}</Fact>
        <Fact name="Created">{formatDate(detail.createdDate, 'date-time')}</Fact>
        <Fact name="Branch" testId="detail-branch">
          {detail.branchName ?? (detail.branchId ? `Branch #${detail.branchId}` : 'Not assigned')}
        </Fact>
        <Fact name="Provider" testId="detail-provider">
          {detail.providerName ?? (detail.providerId ? 'Assigned' : 'Not assigned')}
        </Fact>
        <Fact name="Status">
          <ClientServiceStatusBadge status={detail.status} />
        </Fact>
        <Fact name="Fulfillment date">
          {detail.fulfillmentDate ? formatDate(detail.fulfillmentDate, 'date-time') : 'Not fulfilled yet'}
        </Fact>
        <Fact name="Fulfillment duration">{detail.fulfillmentDuration === null ? '—' : formatDuration(detail.fulfillmentDuration)}</Fact>
        <Fact name="Order">
          {/* Receipts are back-office screens: a provider sees the order's number without a link that would be refused. */}
          {seesOrders ? (
            <TextLink
              to={`/admin/clients-orders/order/${detail.orderId}`}
              state={{ from: { label: 'Client services', to: `${location.pathname}${location.search}` } }}
            >
              {shortId(detail.orderId)}
            </TextLink>
          ) : (
            <span data-testid="detail-order">{shortId(detail.orderId)}</span>
          )}
        </Fact>
      </dl>

      {details.length > 0 && (
        <section className={styles.section}>
          <Text as="h3" weight="semibold">
            Details from the client
          </Text>
          <dl className={styles.facts}>
            {details.map(([key, value]) => (
              <Fact key={key} name={key}>
                {String(value ?? '')}
              </Fact>
            ))}
          </dl>
        </section>
      )}

      <ListSection title="Required files" items={detail.requiredFiles} empty="This service requires no files.">
        {(file) => (
          <>
            {file.uploaded ? (
              <CheckmarkCircleFilled className={styles.ok} aria-label="Uploaded" />
            ) : (
              <CircleRegular className={styles.missing} aria-label="Missing" />
            )}
            <Text>{file.name}</Text>
            <Text size={200} className={styles.secondary}>
              {file.accept ? `(${file.accept.split(',').join(', ')})` : '(any type)'}
            </Text>
          </>
        )}
      </ListSection>

      <ListSection title="Uploaded files" items={detail.files} empty="No files uploaded yet.">
        {(file) => (
          <>
            <FileLink file={file} />
            <Text size={200} className={styles.secondary}>
              {`${formatBytes(file.size)} · ${formatDate(file.createdAt, 'date-time')}`}
              {file.requiredFileId
                ? ` · for ${detail.requiredFiles.find((r) => r.id === file.requiredFileId)?.name ?? 'a required file'}`
                : ''}
            </Text>
          </>
        )}
      </ListSection>

      <TransactionsSection transactions={detail.transactions} />
      {seesOrders && (
        <Section title="History">
          <RecordHistory record={{ area: 'orders', entityType: 'ClientService', recordId: detail.id }} />
        </Section>
      )}
    </>
  );
}

/** A part of the detail, named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Text as="h3" weight="semibold">
        {title}
      </Text>
      {children}
    </section>
  );
}

/** A part of the detail that lists records (one line each), or says that there are none. */
function ListSection<T extends { id: number | string }>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: readonly T[];
  empty: string;
  children(item: T): ReactNode;
}) {
  const styles = useStyles();
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <Text className={styles.secondary}>{empty}</Text>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type ServiceTransaction = ClientServiceDetail['transactions'][number];

function useTransactionColumns(): DataTableColumn<ServiceTransaction>[] {
  const styles = useStyles();
  return useMemo(
    () => [
      {
        id: 'status',
        header: 'Status',
        width: 210,
        card: 'title',
        render: (transaction) => (
          <span className={styles.status}>
            {transaction.previousStatus !== transaction.status && (
              <>
                <Text size={200} className={styles.secondary}>
                  {transaction.previousStatus}
                </Text>
                <ArrowRightRegular className={styles.secondary} aria-label="to" />
              </>
            )}
            <ClientServiceStatusBadge status={transaction.status} />
            {transaction.correction && (
              <Badge appearance="outline" color="warning" size="small" data-testid="correction-badge">
                Correction
              </Badge>
            )}
          </span>
        ),
      },
      {
        id: 'date',
        header: 'Date',
        width: 170,
        render: (transaction) => <StackedCell main={formatDate(transaction.date, 'date-time')} detail={transaction.actorName} />,
      },
      { id: 'note', header: 'Note', width: 280, render: (transaction) => <Text className={styles.note}>{transaction.note || '—'}</Text> },
      {
        id: 'images',
        header: 'Images',
        width: 240,
        render: (transaction) =>
          transaction.files.length ? (
            <div className={styles.images}>
              {transaction.files.map((file) => (
                <ImageThumbnail key={file.id} file={file} />
              ))}
            </div>
          ) : (
            '—'
          ),
      },
    ],
    [styles],
  );
}

/** Every status change of the service, with who made it, its note and its images. */
function TransactionsSection({ transactions }: { transactions: ClientServiceDetail['transactions'] }) {
  const columns = useTransactionColumns();
  return (
    <Section title="Transactions">
      <DataTable<ServiceTransaction>
        label="Transactions"
        noun="transactions"
        columns={columns}
        items={transactions}
        getRowId={(transaction) => String(transaction.id)}
        getRowName={(transaction) => transaction.status}
        empty={{ text: 'No transactions yet.' }}
        rowAttributes={() => ({ 'data-testid': 'transaction-row' })}
      />
    </Section>
  );
}

/** What the details' labelled buttons open: the status change, or the assignment (branch or provider). */
export type ClientServiceAction = 'transaction' | 'assign';

export interface ClientServiceDetailDialogProps {
  id: string;
  onClose(): void;
  /** With it, the details offer their actions as labelled buttons ("Change status", "Assign branch", "Assign provider"). */
  onAction?(action: ClientServiceAction): void;
  /** The user may assign (staff): the assign buttons show. */
  canAssign?: boolean;
}

/** View: every field of one client service, in a panel beside the list, with its actions as labelled buttons. */
export function ClientServiceDetailDialog({ id, onClose, onAction, canAssign }: ClientServiceDetailDialogProps) {
  const dialog = useDialogStyles();
  const { data, error, isLoading } = useClientService(id);
  const actions = onAction && data && (
    <>
      {canAssign && (
        <>
          <Button icon={<BuildingRegular />} onClick={() => onAction('assign')}>
            Assign branch
          </Button>
          <Button icon={<PersonSwapRegular />} onClick={() => onAction('assign')}>
            Assign provider
          </Button>
        </>
      )}
      <Button appearance="primary" icon={<NoteAddRegular />} onClick={() => onAction('transaction')}>
        Change status
      </Button>
    </>
  );
  return (
    <DetailsDrawer
      actions={actions || undefined}
      title={
        <span className={dialog.titleRow}>
          {`Client service ${shortId(id)}`}
          {data && <ClientServiceStatusBadge status={data.status} />}
        </span>
      }
      label={`Client service ${shortId(id)}`}
      onClose={onClose}
      data-testid="client-service-detail"
    >
      {isLoading ? (
        <Spinner label="Loading…" />
      ) : data ? (
        <DetailBody detail={data} />
      ) : (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </MessageBar>
      )}
    </DetailsDrawer>
  );
}
