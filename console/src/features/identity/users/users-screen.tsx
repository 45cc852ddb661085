import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Dropdown,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  SearchBox,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { ROLES, type Role, type StaffUser, type UserListQuery } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { EmptyState, PageSpinner, useNotify } from '../../../components/feedback';
import { PageHeader } from '../../../components/layout';
import { ListPager, useListParams } from '../../../components/table';
import { useUsers } from '../api';
import { RecordHistoryDialog } from '../../../components/audit';

import { SecuritySettingsCard } from './security-settings-card';
import { useUserActions } from './use-user-actions';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';

const PAGE_SIZE = 15;
type SortField = NonNullable<UserListQuery['sort']>;

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  search: { width: '320px', maxWidth: '100%' },
  filter: { minWidth: '160px' },
  card: { padding: 0, overflow: 'hidden' },
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
});

const STATUS_OPTIONS = [
  { value: '', label: 'Active and inactive' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export default function UsersScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const actions = useUserActions();
  const list = useListParams<SortField>({ sort: 'name', dir: 'asc' }, ['role', 'active']);
  const role = (ROLES as readonly string[]).includes(list.filters.role) ? (list.filters.role as Role) : undefined;
  const active = list.filters.active === 'true' || list.filters.active === 'false' ? list.filters.active : undefined;
  const { data, error, isLoading, isValidating, mutate } = useUsers({
    page: list.page,
    pageSize: PAGE_SIZE,
    search: list.search || undefined,
    sort: list.sort,
    dir: list.dir,
    role,
    active,
  });
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);
  const [historyOf, setHistoryOf] = useState<StaffUser | null>(null);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Could not load the users');
  }, [error, notify]);

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
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
            Add user
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder="Search name or email"
          aria-label="Search users"
          value={list.searchInput}
          onChange={(_event, data) => list.setSearchInput(data.value)}
        />
        <Dropdown
          className={styles.filter}
          aria-label="Role"
          value={role ?? 'All roles'}
          selectedOptions={[role ?? '']}
          onOptionSelect={(_event, data) => list.setFilter('role', data.optionValue ?? '')}
        >
          <Option value="">All roles</Option>
          {ROLES.map((name) => (
            <Option key={name} value={name}>
              {name}
            </Option>
          ))}
        </Dropdown>
        <Dropdown
          className={styles.filter}
          aria-label="Status"
          value={STATUS_OPTIONS.find((option) => option.value === (active ?? ''))!.label}
          selectedOptions={[active ?? '']}
          onOptionSelect={(_event, data) => list.setFilter('active', data.optionValue ?? '')}
        >
          {STATUS_OPTIONS.map((option) => (
            <Option key={option.value} value={option.value}>
              {option.label}
            </Option>
          ))}
        </Dropdown>
        {isValidating && data && <Spinner size="tiny" aria-label="Loading" />}
      </div>

      {isLoading && !data && <PageSpinner label="Loading users…" />}
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
              icon={<PeopleTeamRegular />}
              text={filtered ? 'No users match these filters.' : 'No users yet.'}
              action={filtered ? <Button onClick={clearFilters}>Clear the filters</Button> : undefined}
            />
          ) : (
            <>
              <UsersTable
                users={data.items}
                sort={list.sort}
                dir={list.dir}
                onSort={list.sortBy}
                stale={isValidating}
                actions={actions}
                onEdit={setEditing}
                onHistory={setHistoryOf}
              />
              <div className={styles.pager}>
                <ListPager page={list.page} pageSize={PAGE_SIZE} total={data.total} noun="users" onPage={list.setPage} />
              </div>
            </>
          )}
        </Card>
      )}
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
