import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DismissRegular, KeyResetRegular, ProhibitedRegular } from '@fluentui/react-icons';
import { API_SCOPES, IDENTITY_PATHS, type ApiClient, type ApiClientWithSecret, type ApiScope } from '@backoffice/contracts';
import { apiFetch, errorMessage, useApi } from '../../../components/api';
import { EmptyState, PageSpinner, useConfirm, useNotify } from '../../../components/feedback';
import { SecretOnceDialog } from '../../../components/feedback/secret-once-dialog';
import { formatDate } from '../../../components/format';
import { PageHeader } from '../../../components/layout';

const PATH = IDENTITY_PATHS.apiClients;

const useStyles = makeStyles({
  card: { padding: 0, overflowX: 'auto' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  scopes: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

const OVERLAPS = [
  { label: 'End the old secret now', seconds: 0 },
  { label: '1 hour', seconds: 3600 },
  { label: '24 hours', seconds: 86400 },
  { label: '7 days', seconds: 7 * 86400 },
];

/** API clients: other systems calling the API with a client-credentials token. The Admin's. */
export default function ApiClientsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const { data, error, isLoading, mutate } = useApi<ApiClient[]>(PATH);
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [shown, setShown] = useState<ApiClientWithSecret | null>(null);

  const revoke = async (client: ApiClient) => {
    const ok = await confirm({
      title: `Revoke ${client.name}`,
      message: `Revoke the API client "${client.name}"? Every token it holds stops working at once.`,
      confirmLabel: 'Revoke',
    });
    if (!ok) return;
    try {
      await apiFetch(`${PATH}/${client.id}/revoke`, { method: 'POST' });
      notify.success(`${client.name} was revoked.`, 'API client revoked');
      await mutate();
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  if (isLoading) return <PageSpinner />;
  return (
    <>
      <PageHeader
        title="API clients"
        description="Other systems (a storefront, an accounting tool) call the API with these."
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            New API client
          </Button>
        }
      />
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        </MessageBar>
      )}
      {data && data.length === 0 && <EmptyState text="No API clients yet" />}
      {data && data.length > 0 && (
        <Card className={styles.card}>
          <Table aria-label="API clients">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Scopes</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Expires</TableHeaderCell>
                <TableHeaderCell>Last used</TableHeaderCell>
                <TableHeaderCell>
                  <span aria-hidden>Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((client) => (
                <TableRow key={client.id}>
                  <TableCell>{client.name}</TableCell>
                  <TableCell>
                    <div className={styles.scopes}>
                      {client.scopes.map((scope) => (
                        <Badge key={scope} appearance="outline">
                          {scope}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge color={client.status === 'active' ? 'success' : 'danger'}>{client.status}</Badge>
                    {client.previousSecretValidUntil && <div>Old secret until {formatDate(client.previousSecretValidUntil)}</div>}
                  </TableCell>
                  <TableCell>{client.expiresAt ? formatDate(client.expiresAt) : 'Never'}</TableCell>
                  <TableCell>{client.lastUsedAt ? formatDate(client.lastUsedAt) : 'Never'}</TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      <Button
                        icon={<KeyResetRegular />}
                        disabled={client.status === 'revoked'}
                        onClick={() => setRotating(client)}
                        aria-label={`Rotate the secret of ${client.name}`}
                      >
                        Rotate
                      </Button>
                      <Button
                        icon={<ProhibitedRegular />}
                        disabled={client.status === 'revoked'}
                        onClick={() => void revoke(client)}
                        aria-label={`Revoke ${client.name}`}
                      >
                        Revoke
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            setShown(client);
            void mutate();
          }}
        />
      )}
      {rotating && (
        <RotateDialog
          client={rotating}
          onClose={() => setRotating(null)}
          onRotated={(client) => {
            setRotating(null);
            setShown(client);
            void mutate();
          }}
        />
      )}
      {shown && <SecretDialog client={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(client: ApiClientWithSecret): void }) {
  const styles = useStyles();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expires, setExpires] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
      onCreated(await apiFetch<ApiClientWithSecret>(PATH, { method: 'POST', json: { name, scopes, ...(expiresAt ? { expiresAt } : {}) } }));
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            New API client
          </DialogTitle>
          <DialogContent className={styles.form}>
            {problem && (
              <MessageBar intent="error">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <Field label="Name" required>
              <Input value={name} onChange={(_, d) => setName(d.value)} />
            </Field>
            <Field label="Scopes" required>
              {API_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  label={scope}
                  checked={scopes.includes(scope)}
                  onChange={(_, d) => setScopes((now) => (d.checked ? [...now, scope] : now.filter((s) => s !== scope)))}
                />
              ))}
            </Field>
            <Field label="Expires on (optional)">
              <Input type="date" value={expires} onChange={(_, d) => setExpires(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={saving || !name.trim() || scopes.length === 0} onClick={() => void submit()}>
              Create
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
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
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    try {
      onRotated(
        await apiFetch<ApiClientWithSecret>(`${PATH}/${client.id}/rotate`, { method: 'POST', json: { overlapSeconds: Number(overlap) } }),
      );
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
            Rotate the secret of {client.name}
          </DialogTitle>
          <DialogContent>
            {problem && (
              <MessageBar intent="error">
                <MessageBarBody>{problem}</MessageBarBody>
              </MessageBar>
            )}
            <Field label="The old secret keeps working for">
              <Select value={overlap} onChange={(_, d) => setOverlap(d.value)}>
                {OVERLAPS.map((o) => (
                  <option key={o.seconds} value={o.seconds}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" onClick={() => void submit()}>
              Rotate
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
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
