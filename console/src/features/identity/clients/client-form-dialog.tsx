import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { accountPasswordProblems, isAccountEmail, isAccountPhoneNumber, type Client, type IdentityError } from '@backoffice/contracts';
import { ApiError, errorMessage, fieldErrors } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { saveClient } from '../api';
import { UnsavedChangesGuard } from '../../../components/forms';

type FieldName = 'name' | 'email' | 'phoneNumber' | 'passCode';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

/** The form's flags (docs/product.md): name, email, phone when empty, the email's format, and on create the password. */
export function validateClient(values: Values, isNew: boolean): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!isAccountEmail(values.email)) errors.email = 'Enter a valid email address';
  if (!values.phoneNumber.trim()) errors.phoneNumber = 'Phone number is required';
  else if (!isAccountPhoneNumber(values.phoneNumber)) errors.phoneNumber = 'Enter a phone number of 7 to 15 digits';
  if (isNew) {
    if (!values.passCode) errors.passCode = 'Password is required';
    else errors.passCode = accountPasswordProblems(values.passCode)[0]?.description;
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Errors;
}

/** Which field an IdentityResult error belongs to. */
function fieldOf(error: IdentityError): FieldName | undefined {
  if (/Email|UserName/.test(error.code)) return 'email';
  if (/Phone/.test(error.code)) return 'phoneNumber';
  if (/Password/.test(error.code)) return 'passCode';
  return undefined;
}

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
  form: { display: 'contents' },
  fields: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
});

export interface ClientFormDialogProps {
  /** The client to edit; null for a new one. */
  client: Client | null;
  onClose(): void;
}

/** Add or edit a client. The password is set only when creating; the server's refusals show on the fields and as a toast. */
export function ClientFormDialog({ client, onClose }: ClientFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const isNew = !client;
  const [values, setValues] = useState<Values>({
    name: client?.name ?? '',
    email: client?.email ?? '',
    phoneNumber: client?.phoneNumber ?? '',
    passCode: '',
  });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phoneNumber: useRef<HTMLInputElement>(null),
    passCode: useRef<HTMLInputElement>(null),
  };

  const errors = useMemo(() => validateClient(values, isNew), [values, isNew]);
  const errorOf = (field: FieldName) => serverErrors[field] ?? (attempted || touched[field] ? errors[field] : undefined);

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };
  const touch = (field: FieldName) => setTouched((current) => ({ ...current, [field]: true }));
  const focusFirst = (byField: Errors) => {
    const first = (['name', 'email', 'phoneNumber', 'passCode'] as const).find((field) => byField[field]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (Object.keys(errors).length) return focusFirst(errors);
    setSaving(true);
    try {
      const fields = { name: values.name.trim(), email: values.email.trim(), phoneNumber: values.phoneNumber.trim() };
      const result = await saveClient(isNew ? { ...fields, passCode: values.passCode } : { ...fields, id: client.id });
      if (result.succeeded) {
        notify.success(isNew ? `${fields.name} was added.` : `${fields.name} was saved.`, isNew ? 'Client created' : 'Client updated');
        onClose();
        return;
      }
      notify.error(result.errors.map((error) => error.description).join(' '), 'Create Account Error');
      const byField: Errors = {};
      for (const error of result.errors) {
        const field = fieldOf(error);
        if (field) byField[field] ??= error.description;
      }
      setServerErrors(byField);
      focusFirst(byField);
    } catch (error) {
      const byField = fieldErrors(error) as Errors;
      if (Object.keys(byField).length) {
        setServerErrors(byField);
        focusFirst(byField);
      } else {
        notify.error(
          errorMessage(error),
          error instanceof ApiError && error.status === 404 ? 'Client not found' : 'Could not save the client',
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const changed =
    values.name !== (client?.name ?? '') ||
    values.email !== (client?.email ?? '') ||
    values.phoneNumber !== (client?.phoneNumber ?? '') ||
    values.passCode !== '';

  return (
    <>
      <UnsavedChangesGuard when={changed && !saving} />
      <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !saving && onClose()}>
        <DialogSurface className={styles.surface} aria-describedby={undefined}>
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <DialogBody>
              <DialogTitle
                action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} disabled={saving} />}
              >
                {isNew ? 'Add client' : 'Edit client'}
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
                <Field label="Email" required validationMessage={errorOf('email')} hint={isNew ? 'Also the client’s username.' : undefined}>
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
                <Field label="Phone number" required validationMessage={errorOf('phoneNumber')}>
                  <Input
                    ref={refs.phoneNumber}
                    name="phoneNumber"
                    type="tel"
                    autoComplete="off"
                    value={values.phoneNumber}
                    onChange={(_e, data) => change('phoneNumber', data.value)}
                    onBlur={() => touch('phoneNumber')}
                  />
                </Field>
                {isNew && (
                  <Field
                    label="Password"
                    required
                    validationMessage={errorOf('passCode')}
                    hint="At least 8 characters, with a letter and a digit."
                  >
                    <Input
                      ref={refs.passCode}
                      name="passCode"
                      type="password"
                      autoComplete="new-password"
                      value={values.passCode}
                      onChange={(_e, data) => change('passCode', data.value)}
                      onBlur={() => touch('passCode')}
                    />
                  </Field>
                )}
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={onClose} disabled={saving}>
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
