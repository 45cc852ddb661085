import { useEffect, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, PeopleRegular } from '@fluentui/react-icons';
import type { Client, ClientListQuery } from '@backoffice/contracts';
import { useDeleteRecord } from '../../../components/feedback';
import { formatDate } from '../../../components/format';
import { AddButton, PageHeader } from '../../../components/layout';
import { DataTable, ListToolbar, pagedTableProps, sortedPageQuery, useListParams, type DataTableColumn } from '../../../components/table';
import { deleteClient, useClients } from '../api';
import { ClientFormDialog } from './client-form-dialog';

type SortField = NonNullable<ClientListQuery['sort']>;

const COLUMNS: DataTableColumn<Client, SortField>[] = [
  { id: 'name', header: 'Name', text: (client) => client.name, sort: 'name', card: 'title', width: 220 },
  { id: 'email', header: 'Email', text: (client) => client.email, sort: 'email', width: 260 },
  { id: 'phoneNumber', header: 'Phone number', text: (client) => client.phoneNumber, sort: 'phoneNumber', width: 150 },
  {
    id: 'dateCreated',
    header: 'Date created',
    render: (client) => <time dateTime={client.dateCreated}>{formatDate(client.dateCreated)}</time>,
    sort: 'dateCreated',
    firstDir: 'desc',
    width: 130,
  },
];

export default function ClientsScreen() {
  const list = useListParams<SortField>({ sort: 'dateCreated', dir: 'desc' });
  const answer = useClients(sortedPageQuery(list));
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const { remove: removeRecord, deleting } = useDeleteRecord();

  // A page past the end (after deletes, or an old link) moves back to the last one.
  const { data: shown } = answer;
  useEffect(() => {
    if (shown && shown.items.length === 0 && shown.total > 0 && list.page > 1) list.setPage(Math.ceil(shown.total / list.pageSize));
  }, [shown, list]);

  const remove = (client: Client) =>
    removeRecord({
      id: client.id,
      run: () => deleteClient(client.id),
      noun: 'client',
      name: client.name,
      message: 'Are you sure you want to delete this client?',
      detail: 'Their account goes with it: they can no longer sign in. Their orders stay.',
    });

  return (
    <>
      <PageHeader
        title="Clients"
        description="Customer accounts. Clients sign in on the website, never here."
        actions={<AddButton onClick={() => setEditing(null)}>Add client</AddButton>}
      />
      <ListToolbar list={list} searchLabel="Search clients" placeholder="Search name, email or phone" />

      <DataTable<Client, SortField>
        label="Clients"
        noun="clients"
        columns={COLUMNS}
        {...pagedTableProps(list, answer)}
        getRowId={(client) => client.id}
        getRowName={(client) => client.name}
        empty={{
          icon: <PeopleRegular />,
          text: list.search ? `No clients match “${list.search}”.` : 'No clients yet.',
          action: list.search ? (
            <Button onClick={() => list.setSearchInput('')}>Clear the search</Button>
          ) : (
            <AddButton onClick={() => setEditing(null)}>Add client</AddButton>
          ),
        }}
        onRowClick={setEditing}
        actions={(client) => [
          { label: 'Edit', icon: <EditRegular />, ariaLabel: `Edit ${client.name}`, onClick: () => setEditing(client) },
          {
            label: 'Delete',
            icon: <DeleteRegular />,
            ariaLabel: `Delete ${client.name}`,
            busy: deleting === client.id,
            onClick: () => void remove(client),
          },
        ]}
        actionsWidth={210}
        rowAttributes={() => ({ 'data-testid': 'client-row' })}
      />
      {editing !== undefined && <ClientFormDialog client={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
