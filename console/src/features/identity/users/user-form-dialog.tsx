import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { CreateStaffUserSchema, ROLES, UpdateStaffUserSchema, USER_PROBLEM_CODES, type Role, type StaffUser } from '@backoffice/contracts';
import { ApiError, errorMessage, fieldErrors } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { schemaFieldErrors, UnsavedChangesGuard } from '../../../components/forms';
import { createUser, updateUser } from '../api';

type FieldName = 'name' | 'email' | 'password';
type Errors = Partial<Record<FieldName, string>>;

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
  form: { display: 'contents' },
  fields: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  fieldset: { border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  roles: { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface UserFormDialogProps {
  /** The user to edit; null for a new one. */
  user: StaffUser | null;
  onClose(saved?: StaffUser): void;
}

/** Add a staff user (name, email, password, roles) or edit one (name and email; the password only on create). */
export function UserFormDialog({ user, onClose }: UserFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const isNew = !user;
  const [values, setValues] = useState({ name: user?.name ?? '', email: user?.email ?? '', password: '' });
  const [roles, setRoles] = useState<Role[]>([]);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const refs = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const parsed = useMemo(
    () => (isNew ? CreateStaffUserSchema.safeParse({ ...values, roles }) : UpdateStaffUserSchema.safeParse(values)),
    [isNew, values, roles],
  );
  const errors: Errors = parsed.success ? {} : (schemaFieldErrors(parsed.error) as Errors);
  const errorOf = (field: FieldName) => serverErrors[field] ?? (attempted || touched[field] ? errors[field] : undefined);

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: FieldName) => setTouched((current) => ({ ...current, [field]: true }));
  const focusFirst = (byField: Errors) => {
    const first = (['name', 'email', 'password'] as const).find((field) => byField[field]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (!parsed.success) return focusFirst(errors);
    setSaving(true);
    try {
      const saved = isNew ? await createUser({ ...values, roles }) : await updateUser(user.id, { name: values.name, email: values.email });
      notify.success(isNew ? `${saved.name} can now sign in.` : `${saved.name} was saved.`, isNew ? 'User created' : 'User updated');
      onClose(saved);
    } catch (error) {
      const byField = fieldErrors(error) as Errors;
      if (error instanceof ApiError && error.code === USER_PROBLEM_CODES.duplicateEmail) byField.email = error.detail;
      if (Object.keys(byField).length) {
        setServerErrors(byField);
        focusFirst(byField);
      } else {
        notify.error(errorMessage(error), 'Could not save the user');
      }
    } finally {
      setSaving(false);
    }
  };

  const toggleRole = (role: Role, checked: boolean) =>
    setRoles((current) => (checked ? ROLES.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role)));

  const changed = values.name !== (user?.name ?? '') || values.email !== (user?.email ?? '') || values.password !== '';

  return (
    <>
      <UnsavedChangesGuard when={changed && !saving} />
      <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !saving && onClose()}>
        <DialogSurface className={styles.surface} aria-describedby={undefined}>
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <DialogBody>
              <DialogTitle
                action={
                  <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={() => onClose()} disabled={saving} />
                }
              >
                {isNew ? 'Add user' : 'Edit user'}
              </DialogTitle>
              <DialogContent className={styles.fields}>
                <Field label="Name" required validationMessage={errorOf('name')}>
                  <Input
                    ref={refs.name}
                    name="name"
                    autoFocus
                    autoComplete="off"
                    value={values.name}
                    onChange={(_e, data) => change('name', data.value)}
                    onBlur={() => touch('name')}
                  />
                </Field>
                <Field label="Email" required validationMessage={errorOf('email')} hint="The user signs in with it.">
                  <Input
                    ref={refs.email}
                    name="email"
                    type="email"
                    autoComplete="off"
                    value={values.email}
                    onChange={(_e, data) => change('email', data.value)}
                    onBlur={() => touch('email')}
                  />
                </Field>
                {isNew && (
                  <>
                    <Field
                      label="Password"
                      required
                      validationMessage={errorOf('password')}
                      hint="At least 8 characters, with a letter and a digit."
                    >
                      <Input
                        ref={refs.password}
                        name="password"
                        type="password"
                        autoComplete="new-password"
                        value={values.password}
                        onChange={(_e, data) => change('password', data.value)}
                        onBlur={() => touch('password')}
                      />
                    </Field>
                    {/* A fieldset, not a Field: a Field gives its id to every checkbox inside it. */}
                    <fieldset className={styles.fieldset}>
                      <legend className={styles.legend}>Roles</legend>
                      <div className={styles.roles}>
                        {ROLES.map((role) => (
                          <Checkbox
                            key={role}
                            label={role}
                            checked={roles.includes(role)}
                            onChange={(_e, data) => toggleRole(role, data.checked === true)}
                          />
                        ))}
                      </div>
                      <Text size={200} className={styles.hint}>
                        They can also be changed later, on the user’s roles page.
                      </Text>
                    </fieldset>
                  </>
                )}
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={() => onClose()} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                  {isNew ? 'Create' : 'Save'}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  );
}
