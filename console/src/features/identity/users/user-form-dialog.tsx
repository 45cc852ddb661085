import { useMemo, useState, type FormEvent } from 'react';
import { Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CreateStaffUserSchema, ROLES, UpdateStaffUserSchema, USER_PROBLEM_CODES, type Role, type StaffUser } from '@backoffice/contracts';
import { ApiError } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { FormDialog, schemaFieldErrors, useFormState } from '../../../components/forms';
import { createUser, updateUser } from '../api';

const FIELDS = ['name', 'email', 'password'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
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

  const errors = useMemo<Errors>(() => {
    const parsed = isNew ? CreateStaffUserSchema.safeParse({ ...values, roles }) : UpdateStaffUserSchema.safeParse(values);
    return parsed.success ? {} : (schemaFieldErrors(parsed.error) as Errors);
  }, [isNew, values, roles]);
  const form = useFormState<FieldName>({ fields: FIELDS, errors });
  const { errorOf } = form;

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.edit(field);
  };
  /** A text box's name, value, change and leaving, bound to its field. */
  const bindInput = (field: FieldName) => ({
    name: field,
    value: values[field],
    onChange: (_e: unknown, data: { value: string }) => change(field, data.value),
    onBlur: () => form.blur(field),
  });
  const toggleRole = (role: Role, checked: boolean) =>
    setRoles((current) => (checked ? ROLES.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role)));

  const submit = (event: FormEvent) =>
    void form.submit(event, async () => {
      try {
        const saved = isNew
          ? await createUser({ ...values, roles })
          : await updateUser(user.id, { name: values.name, email: values.email });
        notify.success(isNew ? `${saved.name} can now sign in.` : `${saved.name} was saved.`, isNew ? 'User created' : 'User updated');
        onClose(saved);
      } catch (error) {
        // Another user has this email: the server's sentence belongs under Email.
        if (error instanceof ApiError && error.code === USER_PROBLEM_CODES.duplicateEmail) form.setServerErrors({ email: error.detail });
        else throw error;
      }
    });

  const dirty = values.name !== (user?.name ?? '') || values.email !== (user?.email ?? '') || values.password !== '' || roles.length > 0;

  return (
    <FormDialog
      form={form}
      title={isNew ? 'Add user' : 'Edit user'}
      onDismiss={() => onClose()}
      onSubmit={submit}
      submitLabel={isNew ? 'Create' : 'Save'}
      dirty={dirty}
      formErrorTitle="Could not save the user"
      surfaceClassName={styles.surface}
    >
      <Field label="Name" required validationMessage={errorOf('name')}>
        <Input {...bindInput('name')} autoFocus autoComplete="off" />
      </Field>
      <Field label="Email" required validationMessage={errorOf('email')} hint="The user signs in with it.">
        <Input {...bindInput('email')} type="email" autoComplete="off" />
      </Field>
      {isNew && (
        <>
          <Field label="Password" required validationMessage={errorOf('password')} hint="At least 8 characters, with a letter and a digit.">
            <Input {...bindInput('password')} type="password" autoComplete="new-password" />
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
    </FormDialog>
  );
}
