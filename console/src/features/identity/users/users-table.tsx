import { Avatar, Badge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  EditRegular,
  HistoryRegular,
  PeopleTeamRegular,
  PersonAvailableRegular,
  PersonDeleteRegular,
  PersonKeyRegular,
  ShieldCheckmarkRegular,
  ShieldDismissRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import type { StaffUser, UserListQuery } from '@backoffice/contracts';
import { useCurrentUser } from '../../../components/auth';
import { DataTable, TruncatedText, type DataTableAction, type DataTableColumn, type DataTableProps } from '../../../components/table';
import type { UserActions } from './use-user-actions';

type SortField = NonNullable<UserListQuery['sort']>;

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, paddingBlock: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  twoFactor: { color: tokens.colorPaletteGreenForeground1, fontSize: '16px' },
});

function UserName({ user }: { user: StaffUser }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      <Avatar name={user.name} size={28} color="colorful" aria-hidden="true" />
      <TruncatedText text={user.name} />
    </span>
  );
}

function UserRoles({ user }: { user: StaffUser }) {
  const styles = useStyles();
  return (
    <span className={styles.roles}>
      {user.roles.length === 0 && <span className={styles.muted}>No roles</span>}
      {user.roles.map((name) => (
        <Badge key={name} appearance="tint" shape="rounded" color={name === 'Admin' ? 'important' : 'brand'}>
          {name}
        </Badge>
      ))}
    </span>
  );
}

function UserStatus({ user }: { user: StaffUser }) {
  const styles = useStyles();
  return (
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
  );
}

const COLUMNS: DataTableColumn<StaffUser, SortField>[] = [
  { id: 'name', header: 'Name', render: (user) => <UserName user={user} />, sort: 'name', card: 'title', width: 220 },
  { id: 'email', header: 'Email', text: (user) => user.email, sort: 'email', width: 240 },
  { id: 'roles', header: 'Roles', render: (user) => <UserRoles user={user} />, width: 200 },
  { id: 'active', header: 'Active', render: (user) => <UserStatus user={user} />, card: 'status', width: 110 },
];

export interface UsersTableProps extends Pick<
  DataTableProps<StaffUser, SortField>,
  'items' | 'loading' | 'stale' | 'error' | 'onRetry' | 'empty' | 'sort' | 'paging'
> {
  actions: UserActions;
  onEdit(user: StaffUser): void;
  /** Opens the user's history (the audit log). */
  onHistory(user: StaffUser): void;
}

/** The page of staff users: name, email, roles, whether active; a row opens the user, Roles and Edit beside it, the rest in "⋯". */
export function UsersTable({ actions, onEdit, onHistory, ...table }: UsersTableProps) {
  const me = useCurrentUser();
  const rowActions = (user: StaffUser): DataTableAction[] => {
    const busy = actions.busy === user.id;
    return [
      { label: 'Roles', icon: <PersonKeyRegular />, ariaLabel: `Roles of ${user.name}`, to: `/admin/roles/${user.id}` },
      { label: 'Edit', icon: <EditRegular />, ariaLabel: `Edit ${user.name}`, onClick: () => onEdit(user) },
      user.active
        ? {
            label: user.id === me.id ? 'Deactivate (not your own account)' : 'Deactivate',
            icon: <PersonDeleteRegular />,
            disabled: user.id === me.id,
            busy,
            onClick: () => void actions.deactivate(user),
          }
        : { label: 'Reactivate', icon: <PersonAvailableRegular />, busy, onClick: () => void actions.activate(user) },
      { label: 'End sessions', icon: <SignOutRegular />, busy, onClick: () => void actions.endSessions(user) },
      { label: 'History', icon: <HistoryRegular />, onClick: () => onHistory(user) },
      ...(user.twoFactorEnabled
        ? [{ label: 'Reset two-factor sign-in', icon: <ShieldDismissRegular />, busy, onClick: () => void actions.resetTwoFactor(user) }]
        : []),
    ];
  };
  return (
    <DataTable<StaffUser, SortField>
      {...table}
      label="Users"
      noun="users"
      columns={COLUMNS}
      getRowId={(user) => user.id}
      getRowName={(user) => user.name}
      empty={table.empty ?? { icon: <PeopleTeamRegular />, text: 'No users yet.' }}
      onRowClick={onEdit}
      actions={rowActions}
      inlineActions={2}
      actionsWidth={240}
      rowAttributes={() => ({ 'data-testid': 'user-row' })}
    />
  );
}
