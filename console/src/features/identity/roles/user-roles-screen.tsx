import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Checkbox,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { ROLE_DESCRIPTIONS, ROLES, type Role } from '@backoffice/contracts';
import { ApiError, errorMessage } from '../../../components/api';
import { useCurrentUser } from '../../../components/auth';
import { PageSpinner, useNotify } from '../../../components/feedback';
import { PageHeader, StatusPage } from '../../../components/layout';
import { ButtonLink, PageBreadcrumb } from '../../../components/navigation';
import { saveUserRoles, useRoleNames, useUserRoles } from '../api';

const USERS = '/admin/users';

const useStyles = makeStyles({
  card: { maxWidth: '720px', padding: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  role: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  description: { color: tokens.colorNeutralForeground3, paddingLeft: '36px', marginTop: `-${tokens.spacingVerticalXS}` },
  note: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** One checkbox per role and "Update Roles" (spec: User roles), with a way back to the users. */
export default function UserRolesScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const me = useCurrentUser();
  const { userId } = useParams<{ userId: string }>();
  const { data: user, error, isLoading, mutate } = useUserRoles(userId);
  const { data: roleNames } = useRoleNames();
  const [selected, setSelected] = useState<Role[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  // The form starts from the saved roles, and again whenever they are reloaded.
  const [selectedFor, setSelectedFor] = useState<typeof user>(undefined);
  if (user && user !== selectedFor) {
    setSelectedFor(user);
    setSelected(user.roles);
  }

  if (isLoading && !user) return <PageSpinner label="Loading the user’s roles…" />;
  if (error && !user) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <StatusPage
        code={missing ? '404' : undefined}
        title={missing ? 'User not found' : 'Could not load the roles'}
        message={missing ? 'There is no staff user with this id. It may have been typed wrong.' : errorMessage(error)}
        actions={
          <>
            {!missing && <Button onClick={() => void mutate()}>Try again</Button>}
            <ButtonLink to={USERS} appearance="primary">
              Back to users
            </ButtonLink>
          </>
        }
      />
    );
  }
  if (!user || !selected) return <PageSpinner />;

  const roles = (roleNames ?? [...ROLES]).filter((name): name is Role => (ROLES as readonly string[]).includes(name));
  const changed = selected.length !== user.roles.length || selected.some((role) => !user.roles.includes(role));
  const isMe = user.userId === me.id;

  const toggle = (role: Role, checked: boolean) => {
    setOutcome(null);
    setSelected((current) =>
      checked ? roles.filter((r) => r === role || current?.includes(r)) : (current ?? []).filter((r) => r !== role),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      await saveUserRoles(user.userId, selected);
      setOutcome({ ok: true });
    } catch (failure) {
      const message = errorMessage(failure);
      setOutcome({ ok: false, message });
      notify.error(message, 'Roles not updated');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="User roles"
        description={`${user.name} · ${user.email}`}
        back={{ to: USERS, label: 'Back to users' }}
        breadcrumb={<PageBreadcrumb trail={[{ label: 'Users', to: USERS }]} current={`Roles of ${user.name}`} />}
      />
      <Card className={styles.card}>
        <form className={styles.form} onSubmit={(event) => void submit(event)}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Roles of {user.name}</legend>
            {roles.map((role) => (
              <div key={role} className={styles.role}>
                <Checkbox
                  label={role}
                  checked={selected.includes(role)}
                  onChange={(_event, data) => toggle(role, data.checked === true)}
                  aria-describedby={`role-${role}-description`}
                />
                <Text id={`role-${role}-description`} size={200} className={styles.description}>
                  {ROLE_DESCRIPTIONS[role]}
                </Text>
              </div>
            ))}
          </fieldset>
          <Text size={200} className={styles.note}>
            {isMe
              ? 'These are your own roles: saving a change signs you out, and you sign in again with the new roles.'
              : 'Saving a change signs the user out everywhere, so the new roles apply at once.'}
          </Text>
          {outcome?.ok && (
            <MessageBar intent="success" role="alert" data-testid="roles-updated">
              <MessageBarBody>Roles updated successfully</MessageBarBody>
            </MessageBar>
          )}
          {outcome && !outcome.ok && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>
                <MessageBarTitle>Roles not updated</MessageBarTitle>
                {outcome.message}
              </MessageBarBody>
              <MessageBarActions>
                <Button onClick={() => setSelected(user.roles)}>Undo my changes</Button>
              </MessageBarActions>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={saving || !changed} icon={saving ? <Spinner size="tiny" /> : undefined}>
              Update Roles
            </Button>
            <ButtonLink to={USERS} appearance="secondary">
              Back to users
            </ButtonLink>
          </div>
        </form>
      </Card>
    </>
  );
}
