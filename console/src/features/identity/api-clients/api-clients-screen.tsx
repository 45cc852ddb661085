import { useState } from 'react';
import { Badge, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { KeyResetRegular, PlugDisconnectedRegular, ProhibitedRegular } from '@fluentui/react-icons';
import { API_SCOPES, IDENTITY_PATHS, type ApiClient, type ApiClientWithSecret, type ApiScope } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../../components/api';
import { useRowCommand } from '../../../components/feedback';
import { SecretOnceDialog } from '../../../components/feedback/secret-once-dialog';
import { formatDate } from '../../../components/format';
import { CheckboxListField, FormDialog, useConfirmDiscard, useFormState } from '../../../components/forms';
import { AddButton, PageHeader } from '../../../components/layout';
import { BadgeList, DataTable, StackedCell, answerTableProps, type DataTableColumn } from '../../../components/table';

const PATH = IDENTITY_PATHS.apiClients;

const useStyles = makeStyles({
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

const OVERLAPS = [
  { label: 'End the old secret now', seconds: 0 },
  { label: '1 hour', seconds: 3600 },
  { label: '24 hours', seconds: 86400 },
  { label: '7 days', seconds: 7 * 86400 },
];

function useClientColumns(): DataTableColumn<ApiClient>[] {
  return [
    { id: 'name', header: 'Name', width: 180, card: 'title', text: (client) => client.name },
    {
      id: 'scopes',
      header: 'Scopes',
      width: 240,
      render: (client) => <BadgeList names={client.scopes} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: 190,
      card: 'status',
      render: (client) => (
        <StackedCell
          main={<Badge color={client.status === 'active' ? 'success' : 'danger'}>{client.status}</Badge>}
          detail={client.previousSecretValidUntil && `Old secret until ${formatDate(client.previousSecretValidUntil)}`}
        />
      ),
    },
    { id: 'expires', header: 'Expires', width: 120, text: (client) => (client.expiresAt ? formatDate(client.expiresAt) : 'Never') },
    { id: 'last-used', header: 'Last used', width: 120, text: (client) => (client.lastUsedAt ? formatDate(client.lastUsedAt) : 'Never') },
  ];
}

/** API clients: other systems calling the API with a client-credentials token. The Admin's. */
export default function ApiClientsScreen() {
  const command = useRowCommand();
  const answer = useApi<ApiClient[]>(PATH);
  const { mutate } = answer;
  const columns = useClientColumns();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [shown, setShown] = useState<ApiClientWithSecret | null>(null);
  const showSecret = (client: ApiClientWithSecret) => {
    setCreating(false);
    setRotating(null);
    setShown(client);
    void mutate();
  };

  const revoke = (client: ApiClient) =>
    command({
      confirm: {
        title: `Revoke ${client.name}`,
        message: `Revoke the API client "${client.name}"? Every token it holds stops working at once.`,
        confirmLabel: 'Revoke',
        danger: true,
      },
      run: () => apiFetch(`${PATH}/${client.id}/revoke`, { method: 'POST' }),
      success: `${client.name} was revoked.`,
      successTitle: 'API client revoked',
      then: mutate,
    });

  return (
    <>
      <PageHeader
        title="API clients"
        description="Other systems (a storefront, an accounting tool) call the API with these."
        actions={<AddButton onClick={() => setCreating(true)}>New API client</AddButton>}
      />
      <DataTable<ApiClient>
        label="API clients"
        noun="API clients"
        columns={columns}
        {...answerTableProps(answer, (clients) => clients)}
        getRowId={(client) => client.id}
        getRowName={(client) => client.name}
        empty={{ icon: <PlugDisconnectedRegular />, text: 'No API clients yet' }}
        actionsWidth={230}
        actions={(client) => [
          {
            label: 'Rotate',
            icon: <KeyResetRegular />,
            ariaLabel: `Rotate the secret of ${client.name}`,
            disabled: client.status === 'revoked',
            onClick: () => setRotating(client),
          },
          {
            label: 'Revoke',
            icon: <ProhibitedRegular />,
            ariaLabel: `Revoke ${client.name}`,
            disabled: client.status === 'revoked',
            onClick: () => void revoke(client),
          },
        ]}
      />
      {creating && <CreateDialog onClose={() => setCreating(false)} onCreated={showSecret} />}
      {rotating && <RotateDialog client={rotating} onClose={() => setRotating(null)} onRotated={showSecret} />}
      {shown && <SecretDialog client={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(client: ApiClientWithSecret): void }) {
  const confirmDiscard = useConfirmDiscard();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expires, setExpires] = useState('');
  const form = useFormState({
    fields: ['name', 'scopes', 'expiresAt'] as const,
    errors: { name: name.trim() ? undefined : 'Name is required.', scopes: scopes.length ? undefined : 'Choose at least one scope.' },
  });
  const dirty = name !== '' || scopes.length > 0 || expires !== '';
  const save = async () => {
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
    onCreated(await apiFetch<ApiClientWithSecret>(PATH, { method: 'POST', json: { name, scopes, ...(expiresAt ? { expiresAt } : {}) } }));
  };
  return (
    <FormDialog
      form={form}
      title="New API client"
      submitLabel="Create"
      dirty={dirty}
      onDismiss={() => void confirmDiscard(dirty).then((ok) => ok && onClose())}
      onSubmit={(event) => void form.submit(event, save)}
    >
      <Field label="Name" required validationMessage={form.errorOf('name')}>
        <Input
          value={name}
          onChange={(_event, data) => {
            setName(data.value);
            form.edit('name');
          }}
          onBlur={() => form.blur('name')}
        />
      </Field>
      <CheckboxListField
        label="Scopes"
        required
        options={API_SCOPES}
        value={scopes}
        error={form.errorOf('scopes')}
        onChange={(update) => {
          setScopes(update);
          form.edit('scopes');
        }}
      />
      <Field label="Expires on (optional)" validationMessage={form.errorOf('expiresAt')}>
        <Input type="date" value={expires} onChange={(_event, data) => setExpires(data.value)} />
      </Field>
    </FormDialog>
  );
}

function RotateDialog({
  client,
  onClose,
  onRotated,
}: {
  client: ApiClient;
  onClose(): void;
  onRotated(client: ApiClientWithSecret): void;
}) {
  const [overlap, setOverlap] = useState(String(86400));
  const form = useFormState({ fields: ['overlapSeconds'] as const, errors: {} });
  const save = async () =>
    onRotated(
      await apiFetch<ApiClientWithSecret>(`${PATH}/${client.id}/rotate`, { method: 'POST', json: { overlapSeconds: Number(overlap) } }),
    );
  return (
    <FormDialog
      form={form}
      title={`Rotate the secret of ${client.name}`}
      submitLabel="Rotate"
      dirty={false}
      formErrorTitle="Not rotated"
      onDismiss={onClose}
      onSubmit={(event) => void form.submit(event, save)}
    >
      <Field label="The old secret keeps working for" validationMessage={form.errorOf('overlapSeconds')}>
        <Select value={overlap} onChange={(_event, data) => setOverlap(data.value)}>
          {OVERLAPS.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}

/** The secret, shown this once: it is stored only as a hash. */
function SecretDialog({ client, onClose }: { client: ApiClientWithSecret; onClose(): void }) {
  const styles = useStyles();
  return (
    <SecretOnceDialog
      title={`Secret of ${client.name}`}
      warning="Copy the secret now: it will not be shown again."
      secret={client.clientSecret}
      secretLabel="Client secret"
      onClose={onClose}
    >
      <p>
        Client id: <span className={styles.secret}>{client.id}</span>
      </p>
    </SecretOnceDialog>
  );
}
