import { useMemo, useState, type FormEvent } from 'react';
import { Field, Input, makeStyles } from '@fluentui/react-components';
import { accountPasswordProblems, isAccountEmail, isAccountPhoneNumber, type Client, type IdentityError } from '@backoffice/contracts';
import { ApiError, errorMessage, useIdempotencyKey } from '../../../components/api';
import { useNotify } from '../../../components/feedback';
import { FormDialog, useFormState } from '../../../components/forms';
import { saveClient } from '../api';

const FIELDS = ['name', 'email', 'phoneNumber', 'passCode'] as const;
type FieldName = (typeof FIELDS)[number];
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
});

export interface ClientFormDialogProps {
  /** The client to edit; null for a new one. */
  client: Client | null;
  onClose(): void;
}

/** The text boxes of the form, in screen order. */
const INPUTS: ReadonlyArray<{ field: FieldName; label: string; type: 'text' | 'email' | 'tel' | 'password'; onlyNew?: boolean }> = [
  { field: 'name', label: 'Name', type: 'text' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'phoneNumber', label: 'Phone number', type: 'tel' },
  { field: 'passCode', label: 'Password', type: 'password', onlyNew: true },
];

/** Add or edit a client. The password is set only when creating; the server's refusals show on the fields and as a toast. */
export function ClientFormDialog({ client, onClose }: ClientFormDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const isNew = !client;
  const initial: Values = { name: client?.name ?? '', email: client?.email ?? '', phoneNumber: client?.phoneNumber ?? '', passCode: '' };
  const [values, setValues] = useState<Values>(initial);
  /** One key per create: a retry of it (the answer lost, a server error) is the same create. */
  const creation = useIdempotencyKey();

  const errors = useMemo(() => validateClient(values, isNew), [values, isNew]);
  const form = useFormState<FieldName>({ fields: FIELDS, errors });
  const { errorOf } = form;

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.edit(field);
  };

  const submit = (event: FormEvent) =>
    void form.submit(event, async () => {
      const fields = { name: values.name.trim(), email: values.email.trim(), phoneNumber: values.phoneNumber.trim() };
      try {
        const result = isNew
          ? await creation.run((key) => saveClient({ ...fields, passCode: values.passCode }, key))
          : await saveClient({ ...fields, id: client.id });
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
        form.setServerErrors(byField);
      } catch (error) {
        // Deleted by someone else meanwhile: nothing left to save.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        notify.error(errorMessage(error), 'Client not found');
        onClose();
      }
    });

  const dirty = FIELDS.some((field) => values[field] !== initial[field]);
  const hints: Partial<Record<FieldName, string>> = {
    email: isNew ? 'Also the client’s username.' : undefined,
    passCode: 'At least 8 characters, with a letter and a digit.',
  };

  return (
    <FormDialog
      form={form}
      title={isNew ? 'Add client' : 'Edit client'}
      onDismiss={onClose}
      onSubmit={submit}
      submitLabel={isNew ? 'Create' : 'Save'}
      dirty={dirty}
      formErrorTitle="Could not save the client"
      surfaceClassName={styles.surface}
    >
      {INPUTS.filter((input) => isNew || !input.onlyNew).map(({ field, label, type }) => (
        <Field key={field} label={label} required validationMessage={errorOf(field)} hint={hints[field]}>
          <Input
            name={field}
            type={type}
            autoFocus={field === 'name'}
            autoComplete={type === 'password' ? 'new-password' : 'off'}
            value={values[field]}
            onChange={(_e, data) => change(field, data.value)}
            onBlur={() => form.blur(field)}
          />
        </Field>
      ))}
    </FormDialog>
  );
}
