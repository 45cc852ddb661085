import { useEffect, useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Dropdown,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
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
import {
  AddRegular,
  EditRegular,
  MoreHorizontalRegular,
  PersonDeleteRegular,
  PersonAvailableRegular,
  PersonKeyRegular,
  PeopleTeamRegular,
  ShieldDismissRegular,
  ShieldCheckmarkRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { ROLES, type Role, type StaffUser, type UserListQuery } from '@backoffice/contracts';
import { errorMessage } from '../../../components/api';
import { useCurrentUser } from '../../../components/auth';
import { EmptyState, PageSpinner, useConfirm, useNotify } from '../../../components/feedback';
import { PageHeader } from '../../../components/layout';
import { ButtonLink } from '../../../components/navigation';
import { endUserSessions, resetUserTwoFactor, setUserActive, useUsers } from '../api';
import { ListPager } from '../common/list-pager';
import { useListParams } from '../../../components/table';
import { SecuritySettingsCard } from './security-settings-card';
import { UserFormDialog } from './user-form-dialog';

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
  table: { tableLayout: 'fixed' },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
  nameCol: { width: '24%' },
  emailCol: { width: '26%' },
  rolesCol: { width: '20%' },
  statusCol: { width: '11%' },
  actionsCol: { width: '19%' },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  twoFactor: { color: tokens.colorPaletteGreenForeground1, fontSize: '16px' },
  actions: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  srOnly: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
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
  const confirm = useConfirm();
  const me = useCurrentUser();
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
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Could not load the users');
  }, [error, notify]);

  const act = async (user: StaffUser, work: () => Promise<unknown>, success: [string, string], failure: string) => {
    setBusy(user.id);
    try {
      await work();
      notify.success(...success);
    } catch (problem) {
      notify.error(errorMessage(problem), failure);
    } finally {
      setBusy(null);
    }
  };

  const deactivate = async (user: StaffUser) => {
    const ok = await confirm({
      title: `Deactivate ${user.name}?`,
      message: 'They are signed out everywhere at once and can no longer sign in. You can reactivate them later.',
      confirmLabel: 'Deactivate',
    });
    if (ok)
      await act(
        user,
        () => setUserActive(user.id, false),
        [`${user.name} can no longer sign in.`, 'User deactivated'],
        'Could not deactivate the user',
      );
  };

  const activate = (user: StaffUser) =>
    act(user, () => setUserActive(user.id, true), [`${user.name} can sign in again.`, 'User reactivated'], 'Could not reactivate the user');

  const endSessions = async (user: StaffUser) => {
    const ok = await confirm({
      title: `End ${user.name}’s sessions?`,
      message: 'They are signed out on every device at once and must sign in again.',
      confirmLabel: 'End sessions',
    });
    if (ok)
      await act(
        user,
        () => endUserSessions(user.id),
        [`${user.name} was signed out everywhere.`, 'Sessions ended'],
        'Could not end the sessions',
      );
  };

  const resetTwoFactor = async (user: StaffUser) => {
    const ok = await confirm({
      title: `Reset ${user.name}’s two-factor sign-in?`,
      message:
        'Use this when they lost their phone. Their sessions end, and they sign in with their password alone (or set two-factor sign-in up again if their role requires it).',
      confirmLabel: 'Reset',
    });
    if (ok)
      await act(
        user,
        () => resetUserTwoFactor(user.id),
        [`${user.name}’s two-factor sign-in was removed.`, 'Two-factor sign-in reset'],
        'Could not reset two-factor sign-in',
      );
  };

  const sortDirection = (field: SortField) => (list.sort === field ? (list.dir === 'asc' ? 'ascending' : 'descending') : undefined);
  const filtered = !!(list.search || role || active);

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
              action={
                filtered ? (
                  <Button
                    onClick={() => {
                      list.setSearchInput('');
                      list.setFilter('role', '');
                      list.setFilter('active', '');
                    }}
                  >
                    Clear the filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <Table sortable aria-label="Users" className={mergeClasses(styles.table, isValidating && styles.stale)}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell className={styles.nameCol} sortDirection={sortDirection('name')} onClick={() => list.sortBy('name')}>
                      Name
                    </TableHeaderCell>
                    <TableHeaderCell
                      className={styles.emailCol}
                      sortDirection={sortDirection('email')}
                      onClick={() => list.sortBy('email')}
                    >
                      Email
                    </TableHeaderCell>
                    <TableHeaderCell className={styles.rolesCol}>Roles</TableHeaderCell>
                    <TableHeaderCell className={styles.statusCol}>Active</TableHeaderCell>
                    <TableHeaderCell className={styles.actionsCol}>
                      <span className={styles.srOnly}>Actions</span>
                    </TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((user) => (
                    <TableRow key={user.id} data-testid="user-row">
                      <TableCell>
                        <TableCellLayout
                          truncate
                          media={<Avatar name={user.name} size={28} color="colorful" aria-hidden="true" />}
                          title={user.name}
                        >
                          {user.name}
                        </TableCellLayout>
                      </TableCell>
                      <TableCell>
                        <TableCellLayout truncate title={user.email}>
                          {user.email}
                        </TableCellLayout>
                      </TableCell>
                      <TableCell>
                        <div className={styles.roles}>
                          {user.roles.length === 0 && <span className={styles.muted}>No roles</span>}
                          {user.roles.map((name) => (
                            <Badge key={name} appearance="tint" shape="rounded" color={name === 'Admin' ? 'important' : 'brand'}>
                              {name}
                            </Badge>
                          ))}
                        </div>
                      </TableCell>
                      <TableCell>
                        <span className={styles.status}>
                          <Badge appearance={user.active ? 'filled' : 'outline'} color={user.active ? 'success' : 'subtle'} shape="rounded">
                            {user.active ? 'Active' : 'Inactive'}
                          </Badge>
                          {user.twoFactorEnabled && (
                            <Tooltip content="Two-factor sign-in is on" relationship="label">
                              <ShieldCheckmarkRegular className={styles.twoFactor} tabIndex={0} />
                            </Tooltip>
                          )}
                        </span>
                      </TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          {busy === user.id && <Spinner size="extra-tiny" aria-label="Working" />}
                          <ButtonLink
                            to={`/admin/roles/${user.id}`}
                            appearance="subtle"
                            icon={<PersonKeyRegular />}
                            aria-label={`Roles of ${user.name}`}
                          >
                            Roles
                          </ButtonLink>
                          <Tooltip content="Edit" relationship="description">
                            <Button
                              appearance="subtle"
                              icon={<EditRegular />}
                              aria-label={`Edit ${user.name}`}
                              onClick={() => setEditing(user)}
                            />
                          </Tooltip>
                          <Menu positioning="below-end">
                            <MenuTrigger disableButtonEnhancement>
                              <Button
                                appearance="subtle"
                                icon={<MoreHorizontalRegular />}
                                aria-label={`More actions for ${user.name}`}
                                disabled={busy === user.id}
                              />
                            </MenuTrigger>
                            <MenuPopover>
                              <MenuList>
                                {user.active ? (
                                  <MenuItem
                                    icon={<PersonDeleteRegular />}
                                    disabled={user.id === me.id}
                                    onClick={() => void deactivate(user)}
                                  >
                                    {user.id === me.id ? 'Deactivate (not your own account)' : 'Deactivate'}
                                  </MenuItem>
                                ) : (
                                  <MenuItem icon={<PersonAvailableRegular />} onClick={() => void activate(user)}>
                                    Reactivate
                                  </MenuItem>
                                )}
                                <MenuItem icon={<SignOutRegular />} onClick={() => void endSessions(user)}>
                                  End sessions
                                </MenuItem>
                                {user.twoFactorEnabled && (
                                  <MenuItem icon={<ShieldDismissRegular />} onClick={() => void resetTwoFactor(user)}>
                                    Reset two-factor sign-in
                                  </MenuItem>
                                )}
                              </MenuList>
                            </MenuPopover>
                          </Menu>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <div className={styles.pager}>
                <ListPager page={list.page} pageSize={PAGE_SIZE} total={data.total} noun="users" onPage={list.setPage} />
              </div>
            </>
          )}
        </Card>
      )}
      <SecuritySettingsCard />
      {editing !== undefined && <UserFormDialog user={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
