import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dropdown,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  SearchBox,
  Spinner,
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
import { ArrowDownloadRegular, ChevronLeftRegular, ChevronRightRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, shortId, type OrderStatus, type OrderSummary } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { EmptyState, PageSpinner, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { TextLink } from '../../components/navigation';
import { ORDERS_PAGE_SIZE, exportOrdersPath, fetchBlob, saveBlob, useOrders } from './api';
import { orderAddress } from './formatting';
import { OrderStatusBadge } from './status-badges';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  search: { width: '340px', maxWidth: '100%' },
  status: { minWidth: '160px' },
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  id: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  amountHeader: { '& > button, & > div': { justifyContent: 'flex-end' } },
  contact: { display: 'flex', flexDirection: 'column' },
  secondary: { color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const ALL = 'all';

/** /admin/clients-orders: server-paged orders with search, a status filter and an xlsx export; the state lives in the URL. */
export default function ClientsOrdersScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const statusParam = params.get('status');
  const status: OrderStatus | '' = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as OrderStatus) : '';
  const [typed, setTyped] = useState(search);
  const [exporting, setExporting] = useState(false);
  const { data, error, isLoading, isValidating, mutate } = useOrders({ page, search, status });

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search applies when typing pauses.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => update({ search: typed.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load orders');
  }, [error, notify]);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const blob = await fetchBlob(exportOrdersPath({ search, status }));
      saveBlob(blob, `orders-${new Date().toISOString().slice(0, 10)}.xlsx`);
    } catch (failure) {
      notify.error(errorMessage(failure), 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  const total = data?.total ?? 0;
  const filtered = Boolean(search || status);

  let content;
  if (isLoading && !data) {
    content = <PageSpinner label="Loading orders…" />;
  } else if (error && !data) {
    content = (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>Failed to load orders</MessageBarTitle>
          {errorMessage(error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void mutate()}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  } else if (!data || data.items.length === 0) {
    content = (
      <EmptyState
        icon={<ReceiptRegular />}
        text="No orders"
        action={
          filtered ? (
            <Button
              onClick={() => {
                setTyped('');
                update({ search: null, status: null, page: null });
              }}
            >
              Clear the search and filter
            </Button>
          ) : page > 1 ? (
            <Button onClick={() => update({ page: null })}>Go to the first page</Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <OrdersTable
        orders={data.items}
        page={page}
        total={total}
        validating={isValidating}
        onPage={(next) => update({ page: next > 1 ? String(next) : null })}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Client orders"
        description="Orders placed by clients; open one for its receipt."
        actions={
          <Button
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={exporting}
            onClick={() => void exportXlsx()}
          >
            Export to Excel
          </Button>
        }
      />
      <div className={styles.toolbar} role="search">
        <SearchBox
          className={styles.search}
          placeholder="Search by id, name, contact or address"
          aria-label="Search orders"
          value={typed}
          onChange={(_event, value) => setTyped(value.value)}
        />
        <Dropdown
          className={styles.status}
          aria-label="Status"
          value={status || 'All statuses'}
          selectedOptions={[status || ALL]}
          onOptionSelect={(_event, option) =>
            update({ status: option.optionValue === ALL ? null : (option.optionValue ?? null), page: null })
          }
        >
          <Option value={ALL}>All statuses</Option>
          {ORDER_STATUSES.map((value) => (
            <Option key={value} value={value}>
              {value}
            </Option>
          ))}
        </Dropdown>
      </div>
      {content}
    </>
  );
}

interface OrdersTableProps {
  orders: readonly OrderSummary[];
  page: number;
  total: number;
  validating: boolean;
  onPage(page: number): void;
}

/** One page of orders, each linking to its receipt, with "21–40 of 57 orders" and previous and next. */
function OrdersTable({ orders, page, total, validating, onPage }: OrdersTableProps) {
  const styles = useStyles();
  const money = useFormatMoney();
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * ORDERS_PAGE_SIZE + 1;
  const last = Math.min(total, page * ORDERS_PAGE_SIZE);
  return (
    <div className={styles.surface}>
      <Table aria-label="Orders" data-testid="orders-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: '110px' }}>ID</TableHeaderCell>
            <TableHeaderCell style={{ width: '170px' }}>Date</TableHeaderCell>
            <TableHeaderCell style={{ width: '130px' }} className={styles.amountHeader}>
              Amount
            </TableHeaderCell>
            <TableHeaderCell>Contact</TableHeaderCell>
            <TableHeaderCell>Address</TableHeaderCell>
            <TableHeaderCell style={{ width: '110px' }}>Status</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} data-testid="order-row">
              <TableCell>
                <TextLink to={`order/${order.id}`} className={styles.id}>
                  {shortId(order.id)}
                </TextLink>
              </TableCell>
              <TableCell>{formatDate(order.createdDate, 'date-time')}</TableCell>
              <TableCell className={styles.amount}>{money(order.amount)}</TableCell>
              <TableCell>
                <span className={styles.contact}>
                  <Text weight="semibold">{order.name}</Text>
                  <Text size={200} className={styles.secondary}>
                    {order.contactInfo}
                  </Text>
                </span>
              </TableCell>
              <TableCell>{orderAddress(order)}</TableCell>
              <TableCell>
                <OrderStatusBadge status={order.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className={styles.footer}>
        <Text size={200} className={styles.secondary} aria-live="polite">
          {`${first}–${last} of ${total} orders`}
          {validating && <Spinner size="extra-tiny" as="span" style={{ display: 'inline-flex', marginLeft: 8 }} />}
        </Text>
        <nav className={styles.pager} aria-label="Pages">
          <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Text size={200}>{`Page ${page} of ${pages}`}</Text>
          <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      </div>
    </div>
  );
}
