import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { PeopleTeamRegular } from '@fluentui/react-icons';
import { ROLES, type Role, type StaffUser, type UserListQuery } from '@backoffice/contracts';
import { AddButton, PageHeader } from '../../../components/layout';
import { RecordHistoryDialog } from '../../../components/audit';
import { FilterDropdown, ListToolbar, pagedTableProps, sortedPageQuery, useListParams } from '../../../components/table';
import { useUsers } from '../api';

import { SecuritySettingsCard } from './security-settings-card';
import { useUserActions } from './use-user-actions';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';

type SortField = NonNullable<UserListQuery['sort']>;

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export default function UsersScreen() {
  const actions = useUserActions();
  const list = useListParams<SortField>({ sort: 'name', dir: 'asc' }, ['role', 'active']);
  const role = (ROLES as readonly string[]).includes(list.filters.role) ? (list.filters.role as Role) : undefined;
  const active = list.filters.active === 'true' || list.filters.active === 'false' ? list.filters.active : undefined;
  const answer = useUsers({ ...sortedPageQuery(list), role, active });
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);
  const [historyOf, setHistoryOf] = useState<StaffUser | null>(null);

  const filtered = !!(list.search || role || active);
  const clearFilters = () => {
    list.setSearchInput('');
    list.setFilter('role', '');
    list.setFilter('active', '');
  };

  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts of the back-office and the roles that decide what they may do."
        actions={<AddButton onClick={() => setEditing(null)}>Add user</AddButton>}
      />
      <ListToolbar list={list} searchLabel="Search users" placeholder="Search name or email">
        <FilterDropdown
          label="Role"
          value={role ?? ''}
          allLabel="All roles"
          options={ROLES}
          onChange={(value) => list.setFilter('role', value)}
        />
        <FilterDropdown
          label="Status"
          value={active ?? ''}
          allLabel="Active and inactive"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('active', value)}
        />
      </ListToolbar>

      <UsersTable
        {...pagedTableProps(list, answer)}
        empty={{
          icon: <PeopleTeamRegular />,
          text: filtered ? 'No users match these filters.' : 'No users yet.',
          action: filtered ? <Button onClick={clearFilters}>Clear the filters</Button> : undefined,
        }}
        actions={actions}
        onEdit={setEditing}
        onHistory={setHistoryOf}
      />
      <SecuritySettingsCard />
      {editing !== undefined && <UserFormDialog user={editing} onClose={() => setEditing(undefined)} />}
      {historyOf && (
        <RecordHistoryDialog
          title={historyOf.name}
          record={{ area: 'identity', entityType: 'User', recordId: historyOf.id }}
          onClose={() => setHistoryOf(null)}
        />
      )}
    </>
  );
}
