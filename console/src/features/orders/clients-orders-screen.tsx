import { useMemo } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { ORDER_STATUSES, shortId, type OrderStatus, type OrderSummary } from '@backoffice/contracts';
import { useFormatMoney } from '../../components/config';
import { useErrorToast } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { ExportButton, PageHeader } from '../../components/layout';
import { TextLink } from '../../components/navigation';
import {
  DataTable,
  FilterDropdown,
  ListToolbar,
  StackedCell,
  answerTableProps,
  useListParams,
  type DataTableColumn,
} from '../../components/table';
import { exportOrdersPath, fetchBlob, saveBlob, useOrders } from './api';
import { orderAddress } from './formatting';
import { OrderStatusBadge } from './status-badges';

const useStyles = makeStyles({
  id: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  amount: { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

function useOrderColumns(): DataTableColumn<OrderSummary>[] {
  const styles = useStyles();
  const money = useFormatMoney();
  return useMemo(
    () => [
      {
        id: 'id',
        header: 'ID',
        width: 110,
        card: 'title',
        render: (order) => (
          <TextLink to={`order/${order.id}`} className={styles.id}>
            {shortId(order.id)}
          </TextLink>
        ),
      },
      { id: 'date', header: 'Date', width: 170, text: (order) => formatDate(order.createdDate, 'date-time') },
      { id: 'amount', header: 'Amount', width: 130, render: (order) => <span className={styles.amount}>{money(order.amount)}</span> },
      {
        id: 'contact',
        header: 'Contact',
        width: 220,
        render: (order) => <StackedCell main={<Text weight="semibold">{order.name}</Text>} detail={order.contactInfo} />,
      },
      { id: 'address', header: 'Address', width: 260, text: orderAddress },
      { id: 'status', header: 'Status', width: 110, card: 'status', render: (order) => <OrderStatusBadge status={order.status} /> },
    ],
    [styles, money],
  );
}

/** /admin/clients-orders: server-paged orders with search, a status filter and an xlsx export; the state lives in the URL. */
export default function ClientsOrdersScreen() {
  const list = useListParams<'date'>({ sort: 'date', dir: 'desc', searchParam: 'search' }, ['status']);
  const status: OrderStatus | '' = (ORDER_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as OrderStatus)
    : '';
  const answer = useOrders({
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    status,
  });
  const columns = useOrderColumns();

  const { error } = answer;
  useErrorToast(error, 'Failed to load orders');

  const exportXlsx = async () => {
    const blob = await fetchBlob(exportOrdersPath({ search: list.search, status }));
    saveBlob(blob, `orders-${new Date().toISOString().slice(0, 10)}.xlsx`);
  };

  const filtered = Boolean(list.search || status);
  const clear = () => {
    list.setSearchInput('');
    list.setFilter('status', '');
  };

  return (
    <>
      <PageHeader
        title="Client orders"
        description="Orders placed by clients; open one for its receipt."
        actions={
          <ExportButton run={exportXlsx} failureTitle="Export failed">
            Export to Excel
          </ExportButton>
        }
      />
      <ListToolbar list={list} searchLabel="Search orders" placeholder="Search by id, name, contact or address">
        <FilterDropdown
          label="Status"
          value={status}
          allLabel="All statuses"
          options={ORDER_STATUSES}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListToolbar>
      <DataTable<OrderSummary>
        label="Orders"
        noun="orders"
        columns={columns}
        {...answerTableProps(answer, (page) => page.items)}
        getRowId={(order) => order.id}
        getRowName={(order) => `order ${shortId(order.id)}`}
        empty={{
          icon: <ReceiptRegular />,
          text: 'No orders',
          action: filtered ? (
            <Button onClick={clear}>Clear the search and filter</Button>
          ) : list.page > 1 ? (
            <Button onClick={() => list.setPage(1)}>Go to the first page</Button>
          ) : undefined,
        }}
        paging={{
          page: list.page,
          pageSize: list.pageSize,
          total: answer.data?.total ?? 0,
          loading: answer.isValidating,
          onPage: list.setPage,
          onPageSize: list.setPageSize,
        }}
        rowAttributes={() => ({ 'data-testid': 'order-row' })}
      />
    </>
  );
}
