import { useMemo, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Divider,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  makeStaticStyles,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissRegular, PersonAccountsRegular, PrintRegular, SendRegular } from '@fluentui/react-icons';
import { useLocation, useParams } from 'react-router-dom';
import type { OrderDetail, OrderItem } from '@backoffice/contracts';
import { ApiError, errorMessage } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { ErrorBar, PageSpinner, useErrorToast, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { NotFoundPage, PageHeader } from '../../components/layout';
import { ButtonLink, PageBreadcrumb, TextLink, type Crumb } from '../../components/navigation';
import { DataTable, type DataTableColumn } from '../../components/table';
import { submitOrderItem, useOrder, useOrderClient, useOrderPayments } from './api';
import { Payments, paymentsOf } from './order-payments';
import { OrderStatusBadge } from './status-badges';

const CLIENTS_ORDERS = '/admin/clients-orders';

/**
 * The list the receipt was opened from, for its breadcrumb and back link: a link's history state
 * (`receiptLinkState`, e.g. from client services), the client orders otherwise.
 */
function useOrigin(): Crumb {
  const { state } = useLocation();
  const from = (state as { from?: Partial<Crumb> } | null)?.from;
  if (typeof from?.label === 'string' && typeof from.to === 'string') return { label: from.label, to: from.to };
  return { label: 'Client orders', to: CLIENTS_ORDERS };
}

/** Printing shows the receipt only. */
const usePrintStyles = makeStaticStyles({
  '@media print': {
    'body *': { visibility: 'hidden' },
    '[data-receipt], [data-receipt] *': { visibility: 'visible' },
    '[data-receipt]': { position: 'absolute', left: 0, top: 0, width: '100%', boxShadow: 'none' },
    '[data-print-hide]': { display: 'none !important' },
  },
});

const useStyles = makeStyles({
  receipt: { padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXL },
  top: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: tokens.spacingHorizontalXXL },
  block: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3, textTransform: 'uppercase', letterSpacing: '0.04em' },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  factName: { color: tokens.colorNeutralForeground3 },
  factValue: { margin: 0 },
  number: { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  embedded: { boxShadow: 'none', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  badge: { alignSelf: 'flex-start' },
  totals: { marginLeft: 'auto', width: '340px', display: 'grid', gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalXS },
  grandTotal: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase400 },
  itemName: { display: 'flex', flexDirection: 'column' },
  secondary: { color: tokens.colorNeutralForeground3 },
});

function Fact({ name, value, testId }: { name: string; value: ReactNode; testId?: string }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue} data-testid={testId}>
        {value || '—'}
      </dd>
    </>
  );
}

/** The service in the console's catalogue (it opens in its category). */
const servicePath = (item: OrderItem) => `/admin/services/item/${item.itemId}`;

function SubmitButton({ order, item }: { order: OrderDetail; item: OrderItem }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (item.clientServiceId) {
    return (
      <TextLink to="/admin/clients-services" data-testid="submitted-link">
        <Badge appearance="tint" color="success" icon={<CheckmarkCircleRegular />}>
          Submitted
        </Badge>
      </TextLink>
    );
  }
  const submit = async () => {
    setBusy(true);
    try {
      const result = await submitOrderItem(order.id, item.itemId);
      if (result.success) notify.success(result.message, result.title);
      else notify.error(result.message, result.title);
    } catch (error) {
      notify.error(errorMessage(error), 'Submit to Client Services');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      appearance="primary"
      icon={busy ? <Spinner size="extra-tiny" /> : <SendRegular />}
      disabled={busy}
      onClick={() => void submit()}
      data-print-hide
    >
      Submit to Client Services
    </Button>
  );
}

function ClientAccount({ userId }: { userId: string }) {
  const styles = useStyles();
  const { data: client, error, isLoading } = useOrderClient(userId);
  if (isLoading) {
    return (
      <Skeleton aria-label="Loading the client">
        <SkeletonItem size={16} style={{ width: '200px', marginBottom: 6 }} />
        <SkeletonItem size={16} style={{ width: '160px' }} />
      </Skeleton>
    );
  }
  if (error || !client) {
    return (
      <Text size={200} className={styles.secondary}>
        {error instanceof ApiError && error.status === 404
          ? 'The client account no longer exists.'
          : 'The client account could not be loaded.'}
      </Text>
    );
  }
  return (
    <div className={styles.block} data-testid="order-client">
      <Badge appearance="filled" color="brand" icon={<PersonAccountsRegular />} className={styles.badge} data-testid="has-account">
        Has Account
      </Badge>
      <dl className={styles.facts}>
        <Fact name="Client" value={client.name} />
        <Fact name="Email" value={client.email} />
        <Fact name="Phone" value={client.phoneNumber} />
      </dl>
    </div>
  );
}

function useItemColumns(order: OrderDetail): DataTableColumn<OrderItem>[] {
  const styles = useStyles();
  const money = useFormatMoney();
  return useMemo(
    () => [
      {
        id: 'service',
        header: 'Service',
        width: 260,
        card: 'title',
        render: (item) => <TextLink to={servicePath(item)}>{item.itemName}</TextLink>,
      },
      { id: 'type', header: 'Type', width: 110, text: (item) => item.itemType },
      { id: 'amount', header: 'Amount', width: 120, render: (item) => <span className={styles.number}>{money(item.amount)}</span> },
      { id: 'quantity', header: 'Quantity', width: 90, render: (item) => <span className={styles.number}>{item.quantity}</span> },
      { id: 'total', header: 'Total', width: 120, render: (item) => <span className={styles.number}>{money(item.total)}</span> },
      { id: 'submit', header: 'Client services', width: 230, render: (item) => <SubmitButton order={order} item={item} /> },
    ],
    [styles, money, order],
  );
}

function Receipt({ order }: { order: OrderDetail }) {
  const styles = useStyles();
  const money = useFormatMoney();
  const itemColumns = useItemColumns(order);
  const paymentsLoad = useOrderPayments(order.id);
  const { payments, known } = paymentsOf(paymentsLoad);
  // "Paid" needs a payment: an order marked paid with none recorded says so instead.
  const paidWithoutPayment = order.status === 'Paid' && known && !payments.some((payment) => payment.paid);
  return (
    <Card className={styles.receipt} data-receipt data-testid="receipt">
      <div className={styles.top}>
        <div className={styles.block}>
          <Text size={200} weight="semibold" className={styles.label}>
            Bill to
          </Text>
          <Text size={500} weight="semibold" data-testid="receipt-name">
            {order.name}
          </Text>
          <dl className={styles.facts}>
            <Fact name="Contact info" value={order.contactInfo} />
            {order.email && <Fact name="Email" value={order.email} />}
            <Fact name="Address" value={order.address} />
            <Fact name="Zip code" value={order.zipCode} />
            <Fact name="City" value={order.city} />
            <Fact name="County" value={order.county} />
            <Fact name="State" value={order.state} />
            <Fact name="Country" value={order.country} />
          </dl>
        </div>
        <div className={styles.block}>
          <Text size={200} weight="semibold" className={styles.label}>
            Client account
          </Text>
          {order.userId ? <ClientAccount userId={order.userId} /> : <Text className={styles.secondary}>Ordered without an account.</Text>}
        </div>
        <div className={styles.block}>
          <Text size={200} weight="semibold" className={styles.label}>
            Invoice
          </Text>
          <dl className={styles.facts}>
            <Fact name="Invoice number" value={order.invoiceNumber} testId="invoice-number" />
            <Fact name="Invoice date" value={formatDate(order.createdDate, 'long-date')} />
            <Fact
              name="Status"
              value={
                paidWithoutPayment ? (
                  <Badge appearance="tint" color="warning" data-testid="order-status">
                    No payment recorded
                  </Badge>
                ) : (
                  <OrderStatusBadge status={order.status} />
                )
              }
            />
            {order.paidAt && !paidWithoutPayment && <Fact name="Paid on" value={formatDate(order.paidAt, 'date-time')} />}
            <Fact name="Order id" value={<Text size={200}>{order.id}</Text>} />
          </dl>
        </div>
      </div>

      <DataTable<OrderItem>
        label="Order items"
        noun="items"
        className={styles.embedded}
        columns={itemColumns}
        items={order.items}
        getRowId={(item) => String(item.itemId)}
        getRowName={(item) => item.itemName}
        empty={{ text: 'No items.' }}
        rowAttributes={() => ({ 'data-testid': 'order-item' })}
      />

      <div className={styles.totals} data-testid="order-totals">
        <Text>Subtotal</Text>
        <Text className={styles.number}>{money(order.subtotal)}</Text>
        {order.discount > 0 && (
          <>
            <Text>Discount</Text>
            <Text className={styles.number}>−{money(order.discount)}</Text>
          </>
        )}
        <Text>{`Tax (${order.taxRate}%)`}</Text>
        <Text className={styles.number}>{money(order.tax)}</Text>
        <Text>Shipping</Text>
        <Text className={styles.number}>{money(order.shippingFee)}</Text>
        <Divider style={{ gridColumn: '1 / -1' }} />
        <Text className={styles.grandTotal}>Order total</Text>
        <Text className={`${styles.number} ${styles.grandTotal}`} data-testid="order-total">
          {money(order.amount)}
        </Text>
      </div>

      <Divider />
      <div className={styles.block}>
        <Text as="h2" size={500} weight="semibold" className={styles.heading}>
          Payments
        </Text>
        <Payments load={paymentsLoad} />
      </div>
    </Card>
  );
}

/** /admin/clients-orders/order/{orderId}: the receipt of one order; items are submitted to client services from here. */
export default function OrderReceiptScreen() {
  usePrintStyles();
  const { orderId } = useParams();
  const { data: order, error, isLoading, mutate } = useOrder(orderId);
  const origin = useOrigin();

  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useErrorToast(notFound ? undefined : error, 'Failed to load the order');

  if (notFound) return <NotFoundPage homePath={CLIENTS_ORDERS} />;

  const actions = (
    <span data-print-hide style={{ display: 'contents' }}>
      <Button icon={<PrintRegular />} onClick={() => window.print()} disabled={!order}>
        Print
      </Button>
      <ButtonLink to={origin.to} icon={<DismissRegular />} appearance="primary">
        Close
      </ButtonLink>
    </span>
  );

  return (
    <>
      <PageHeader
        title={order ? `Order ${order.invoiceNumber}` : 'Order receipt'}
        description={order ? `Placed ${formatDate(order.createdDate, 'date-time')}` : undefined}
        back={{ to: origin.to, label: `Back to ${origin.label.toLowerCase()}` }}
        actions={actions}
        breadcrumb={<PageBreadcrumb trail={[origin]} current={order ? `Order ${order.invoiceNumber}` : 'Order receipt'} />}
      />
      {isLoading ? (
        <PageSpinner label="Loading the order…" />
      ) : order ? (
        <Receipt order={order} />
      ) : (
        <ErrorBar title="Failed to load the order" error={error} onRetry={() => void mutate()} />
      )}
    </>
  );
}
