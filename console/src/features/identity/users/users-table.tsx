import {
  Avatar,
  Badge,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
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
  EditRegular,
  HistoryRegular,
  MoreHorizontalRegular,
  PersonAvailableRegular,
  PersonDeleteRegular,
  PersonKeyRegular,
  ShieldCheckmarkRegular,
  ShieldDismissRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import type { StaffUser, UserListQuery } from '@backoffice/contracts';
import { useCurrentUser } from '../../../components/auth';
import { ButtonLink } from '../../../components/navigation';
import type { UserActions } from './use-user-actions';

type SortField = NonNullable<UserListQuery['sort']>;

const useStyles = makeStyles({
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
});

export interface UsersTableProps {
  users: readonly StaffUser[];
  sort: SortField;
  dir: 'asc' | 'desc';
  onSort(field: SortField): void;
  stale: boolean;
  actions: UserActions;
  onEdit(user: StaffUser): void;
  /** Opens the user's history (the audit log). */
  onHistory(user: StaffUser): void;
}

/** The page of staff users: name, email, roles, whether active, and each one's actions. */
export function UsersTable({ users, sort, dir, onSort, stale, actions, onEdit, onHistory }: UsersTableProps) {
  const styles = useStyles();
  const sortDirection = (field: SortField) => (sort === field ? (dir === 'asc' ? 'ascending' : 'descending') : undefined);
  return (
    <Table sortable aria-label="Users" className={mergeClasses(styles.table, stale && styles.stale)}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.nameCol} sortDirection={sortDirection('name')} onClick={() => onSort('name')}>
            Name
          </TableHeaderCell>
          <TableHeaderCell className={styles.emailCol} sortDirection={sortDirection('email')} onClick={() => onSort('email')}>
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
        {users.map((user) => (
          <UserRow key={user.id} user={user} actions={actions} onEdit={onEdit} onHistory={onHistory} />
        ))}
      </TableBody>
    </Table>
  );
}

function UserRow({ user, actions, onEdit, onHistory }: Pick<UsersTableProps, 'actions' | 'onEdit' | 'onHistory'> & { user: StaffUser }) {
  const styles = useStyles();
  return (
    <TableRow data-testid="user-row">
      <TableCell>
        <TableCellLayout truncate media={<Avatar name={user.name} size={28} color="colorful" aria-hidden="true" />} title={user.name}>
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
          {actions.busy === user.id && <Spinner size="extra-tiny" aria-label="Working" />}
          <ButtonLink to={`/admin/roles/${user.id}`} appearance="subtle" icon={<PersonKeyRegular />} aria-label={`Roles of ${user.name}`}>
            Roles
          </ButtonLink>
          <Tooltip content="Edit" relationship="description">
            <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${user.name}`} onClick={() => onEdit(user)} />
          </Tooltip>
          <UserMenu user={user} actions={actions} onHistory={onHistory} />
        </div>
      </TableCell>
    </TableRow>
  );
}

function UserMenu({ user, actions, onHistory }: Pick<UsersTableProps, 'actions' | 'onHistory'> & { user: StaffUser }) {
  const me = useCurrentUser();
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={`More actions for ${user.name}`}
          disabled={actions.busy === user.id}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {user.active ? (
            <MenuItem icon={<PersonDeleteRegular />} disabled={user.id === me.id} onClick={() => void actions.deactivate(user)}>
              {user.id === me.id ? 'Deactivate (not your own account)' : 'Deactivate'}
            </MenuItem>
          ) : (
            <MenuItem icon={<PersonAvailableRegular />} onClick={() => void actions.activate(user)}>
              Reactivate
            </MenuItem>
          )}
          <MenuItem icon={<SignOutRegular />} onClick={() => void actions.endSessions(user)}>
            End sessions
          </MenuItem>
          <MenuItem icon={<HistoryRegular />} onClick={() => onHistory(user)}>
            History
          </MenuItem>
          {user.twoFactorEnabled && (
            <MenuItem icon={<ShieldDismissRegular />} onClick={() => void actions.resetTwoFactor(user)}>
              Reset two-factor sign-in
            </MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
