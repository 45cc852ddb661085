import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PeopleRegular } from '@fluentui/react-icons';
import type { Client, ClientListQuery } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { EmptyState, PageSpinner, useConfirmDelete, useNotify } from '../../../components/feedback';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/layout';
import { deleteClient, useClients } from '../api';

import { ListPager, useListParams } from '../../../components/table';
import { ClientFormDialog } from './client-form-dialog';

const PAGE_SIZE = 15;
type SortField = NonNullable<ClientListQuery['sort']>;

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  search: { width: '360px', maxWidth: '100%' },
  card: { padding: 0, overflow: 'hidden' },
  table: { tableLayout: 'fixed' },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
  nameCol: { width: '26%' },
  emailCol: { width: '30%' },
  phoneCol: { width: '18%' },
  dateCol: { width: '14%' },
  actionsCol: { width: '12%' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  cellText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  srOnly: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
});

const COLUMNS: { field: SortField; label: string; className: 'nameCol' | 'emailCol' | 'phoneCol' | 'dateCol' }[] = [
  { field: 'name', label: 'Name', className: 'nameCol' },
  { field: 'email', label: 'Email', className: 'emailCol' },
  { field: 'phoneNumber', label: 'Phone number', className: 'phoneCol' },
  { field: 'dateCreated', label: 'Date created', className: 'dateCol' },
];

export default function ClientsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirmDelete = useConfirmDelete();
  const list = useListParams<SortField>({ sort: 'dateCreated', dir: 'desc' });
  const { data, error, isLoading, isValidating, mutate } = useClients({
    page: list.page,
    pageSize: PAGE_SIZE,
    search: list.search || undefined,
    sort: list.sort,
    dir: list.dir,
  });
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Could not load the clients');
  }, [error, notify]);

  // A page past the end (after deletes, or an old link) moves back to the last one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && list.page > 1) list.setPage(Math.ceil(data.total / PAGE_SIZE));
  }, [data, list.page]);

  const remove = async (client: Client) => {
    const yes = await confirmDelete({
      noun: 'client',
      name: client.name,
      message: 'Are you sure you want to delete this client?',
      detail: 'Their account goes with it: they can no longer sign in. Their orders stay.',
    });
    if (!yes) return;
    setDeleting(client.id);
    try {
      await deleteClient(client.id);
      notify.success(`${client.name} was deleted.`, 'Client deleted');
    } catch (failure) {
      notify.error(errorMessage(failure), 'Could not delete the client');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Clients"
        description="Customer accounts. Clients sign in on the website, never here."
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
            Add client
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder="Search name, email or phone"
          aria-label="Search clients"
          value={list.searchInput}
          onChange={(_event, data) => list.setSearchInput(data.value)}
        />
        {isValidating && data && <Spinner size="tiny" aria-label="Loading" />}
      </div>

      {isLoading && !data && <PageSpinner label="Loading clients…" />}
      {error && !data && (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void mutate()}>Try again</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {data && (
        <Card className={styles.card}>
          {data.total === 0 ? (
            <EmptyState
              icon={<PeopleRegular />}
              text={list.search ? `No clients match “${list.search}”.` : 'No clients yet.'}
              action={
                list.search ? (
                  <Button onClick={() => list.setSearchInput('')}>Clear the search</Button>
                ) : (
                  <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
                    Add client
                  </Button>
                )
              }
            />
          ) : (
            <>
              <ClientsTable
                clients={data.items}
                sort={list.sort}
                dir={list.dir}
                onSort={list.sortBy}
                stale={isValidating}
                deleting={deleting}
                onEdit={setEditing}
                onDelete={(client) => void remove(client)}
              />
              <div className={styles.pager}>
                <ListPager page={list.page} pageSize={PAGE_SIZE} total={data.total} noun="clients" onPage={list.setPage} />
              </div>
            </>
          )}
        </Card>
      )}
      {editing !== undefined && <ClientFormDialog client={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

interface ClientsTableProps {
  clients: readonly Client[];
  sort: SortField;
  dir: 'asc' | 'desc';
  onSort(field: SortField, firstDir?: 'asc' | 'desc'): void;
  stale: boolean;
  /** The client being deleted, or null. */
  deleting: string | null;
  onEdit(client: Client): void;
  onDelete(client: Client): void;
}

/** The page of clients: name, email, phone, when they joined, and Edit and Delete. */
function ClientsTable({ clients, sort, dir, onSort, stale, deleting, onEdit, onDelete }: ClientsTableProps) {
  const styles = useStyles();
  const sortDirection = (field: SortField) => (sort === field ? (dir === 'asc' ? 'ascending' : 'descending') : undefined);
  return (
    <Table sortable aria-label="Clients" className={mergeClasses(styles.table, stale && styles.stale)}>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableHeaderCell
              key={column.field}
              className={styles[column.className]}
              sortDirection={sortDirection(column.field)}
              onClick={() => onSort(column.field, column.field === 'dateCreated' ? 'desc' : 'asc')}
            >
              {column.label}
            </TableHeaderCell>
          ))}
          <TableHeaderCell className={styles.actionsCol}>
            <span className={styles.srOnly}>Actions</span>
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((client) => (
          <TableRow key={client.id} data-testid="client-row">
            <TableCell>
              <TableCellLayout truncate className={styles.cellText} title={client.name}>
                {client.name}
              </TableCellLayout>
            </TableCell>
            <TableCell>
              <TableCellLayout truncate title={client.email}>
                {client.email}
              </TableCellLayout>
            </TableCell>
            <TableCell>{client.phoneNumber}</TableCell>
            <TableCell>
              <time dateTime={client.dateCreated}>{formatDate(client.dateCreated)}</time>
            </TableCell>
            <TableCell>
              <div className={styles.actions}>
                <Tooltip content="Edit" relationship="description">
                  <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${client.name}`} onClick={() => onEdit(client)} />
                </Tooltip>
                <Tooltip content="Delete" relationship="description">
                  <Button
                    appearance="subtle"
                    icon={deleting === client.id ? <Spinner size="extra-tiny" /> : <DeleteRegular />}
                    aria-label={`Delete ${client.name}`}
                    disabled={deleting === client.id}
                    onClick={() => onDelete(client)}
                  />
                </Tooltip>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
