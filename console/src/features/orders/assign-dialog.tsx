import { useState, type ReactElement } from 'react';
import {
  Avatar,
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddCircleRegular, BuildingRegular, SubtractCircleRegular } from '@fluentui/react-icons';
import { shortId, type ClientServiceSummary } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { DialogFrame } from '../../components/feedback/dialog-frame';
import { useStaffSearch } from '../../components/pickers';
import { useDebounced } from '../../components/table';
import { assign, useAssignableBranches, type Assignment } from './api';
import { useDialogStyles } from './client-service-detail-dialog';

const useStyles = makeStyles({
  columns: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalXXL, minHeight: '240px' },
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  list: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    maxHeight: '420px',
    overflowY: 'auto',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    ':last-child': { borderBottom: 'none' },
  },
  current: { backgroundColor: tokens.colorBrandBackground2 },
  name: { flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3 },
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

interface Choice {
  key: string;
  name: string;
  detail: string;
  current: boolean;
  assignment: Assignment;
  clear: Assignment;
  icon: ReactElement;
}

function ChoiceList({
  label,
  choices,
  busy,
  onPick,
  search,
}: {
  label: string;
  choices: Choice[];
  busy: string | null;
  onPick(choice: Choice, clear: boolean): void;
  /** A search answered by the server (the choices are already its matches); without it, long lists filter here. */
  search?: { value: string; onChange(value: string): void };
}) {
  const styles = useStyles();
  const [filter, setFilter] = useState('');
  const typed = search ? search.value : filter;
  const shown = search
    ? choices
    : choices.filter((choice) => `${choice.name} ${choice.detail}`.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <>
      {(search || choices.length > 8) && (
        <SearchBox
          size="small"
          placeholder={`Search ${label.toLowerCase()}`}
          aria-label={`Search ${label.toLowerCase()}`}
          value={typed}
          onChange={(_e, d) => (search ? search.onChange(d.value) : setFilter(d.value))}
        />
      )}
      <ul className={styles.list} aria-label={label}>
        {shown.length === 0 && <li className={styles.empty}>{choices.length === 0 ? `No ${label.toLowerCase()}.` : 'Nothing matches.'}</li>}
        {shown.map((choice) => (
          <li key={choice.key} className={`${styles.row} ${choice.current ? styles.current : ''}`} data-testid="assign-choice">
            {choice.icon}
            <span className={styles.name}>
              <Text weight={choice.current ? 'semibold' : 'regular'} truncate wrap={false} data-testid="choice-name">
                {choice.name}
              </Text>
              <Text size={200} className={styles.secondary} truncate wrap={false}>
                {choice.detail}
              </Text>
            </span>
            {choice.current && (
              <Badge appearance="tint" color="brand">
                Assigned
              </Badge>
            )}
            {busy === choice.key ? (
              <Spinner size="tiny" />
            ) : choice.current ? (
              <Tooltip content={`Clear ${choice.name}`} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<SubtractCircleRegular />}
                  disabled={busy !== null}
                  onClick={() => onPick(choice, true)}
                />
              </Tooltip>
            ) : (
              <Tooltip content={`Assign ${choice.name}`} relationship="label">
                <Button appearance="subtle" icon={<AddCircleRegular />} disabled={busy !== null} onClick={() => onPick(choice, false)} />
              </Tooltip>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Assign: service providers and branches, a plus to assign and a minus to clear the current one.
 * A success closes the modal (the list reloads); success false is a warning; an HTTP error an error toast.
 */
export function AssignDialog({ clientService, onClose }: { clientService: ClientServiceSummary; onClose(changed: boolean): void }) {
  const styles = useStyles();
  const dialog = useDialogStyles();
  const notify = useNotify();
  const [providerSearch, setProviderSearch] = useState('');
  const providers = useStaffSearch('ServiceProvider', useDebounced(providerSearch));
  const branches = useAssignableBranches(true);
  const [busy, setBusy] = useState<string | null>(null);

  const pick = async (choice: Choice, clear: boolean) => {
    setBusy(choice.key);
    try {
      const result = await assign(clientService.id, clear ? choice.clear : choice.assignment);
      if (result.success) {
        notify.success(result.message, clear ? 'Assignment cleared' : 'Assigned');
        onClose(true);
        return;
      }
      notify.warning(result.message, clear ? 'Assignment not cleared' : 'Not assigned');
    } catch (error) {
      notify.error(errorMessage(error), clear ? 'Assignment not cleared' : 'Not assigned');
    }
    setBusy(null);
  };

  const providerChoices: Choice[] = (providers.data?.items ?? []).map((user) => ({
    key: `p:${user.id}`,
    name: user.name,
    detail: user.email,
    current: clientService.providerId === user.id,
    assignment: { kind: 'provider', providerId: user.id },
    clear: { kind: 'clear-provider' },
    icon: <Avatar name={user.name} size={28} color="colorful" aria-hidden />,
  }));
  // A provider assigned but no longer listed (deactivated) can still be cleared.
  if (clientService.providerId && !providerChoices.some((c) => c.current)) {
    providerChoices.unshift({
      key: `p:${clientService.providerId}`,
      name: clientService.providerName ?? 'Current provider',
      detail: 'Not an active service provider any more',
      current: true,
      assignment: { kind: 'provider', providerId: clientService.providerId },
      clear: { kind: 'clear-provider' },
      icon: <Avatar name={clientService.providerName ?? '?'} size={28} aria-hidden />,
    });
  }
  const branchChoices: Choice[] = (branches.data ?? [])
    .filter((branch) => branch.active || branch.id === clientService.branchId)
    .map((branch) => ({
      key: `b:${branch.id}`,
      name: branch.name,
      detail: `${branch.type} · ${branch.address}`,
      current: clientService.branchId === branch.id,
      assignment: { kind: 'branch', branchId: branch.id },
      clear: { kind: 'clear-branch' },
      icon: <BuildingRegular fontSize={24} aria-hidden />,
    }));
  if (clientService.branchId && !branchChoices.some((c) => c.current)) {
    branchChoices.unshift({
      key: `b:${clientService.branchId}`,
      name: clientService.branchName ?? `Branch #${clientService.branchId}`,
      detail: 'No longer listed',
      current: true,
      assignment: { kind: 'branch', branchId: clientService.branchId },
      clear: { kind: 'clear-branch' },
      icon: <BuildingRegular fontSize={24} aria-hidden />,
    });
  }

  const column = (
    label: string,
    state: { isLoading: boolean; error?: unknown },
    choices: Choice[],
    search?: { value: string; onChange(value: string): void },
  ) => (
    <section className={styles.column} aria-label={label}>
      <Text as="h3" weight="semibold">
        {label}
      </Text>
      {state.isLoading && !search ? (
        <Spinner size="small" label={`Loading ${label.toLowerCase()}…`} />
      ) : state.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(state.error)}</MessageBarBody>
        </MessageBar>
      ) : (
        <ChoiceList label={label} choices={choices} busy={busy} search={search} onPick={(choice, clear) => void pick(choice, clear)} />
      )}
    </section>
  );

  return (
    <DialogFrame
      title={`Assign ${shortId(clientService.id)} · ${clientService.serviceName}`}
      onDismiss={() => onClose(false)}
      surfaceClassName={dialog.surface}
      data-testid="assign-dialog"
      actions={
        <Button appearance="secondary" onClick={() => onClose(false)}>
          Cancel
        </Button>
      }
    >
      <div className={styles.columns}>
        {column('Service providers', providers, providerChoices, { value: providerSearch, onChange: setProviderSearch })}
        {column('Branches', branches, branchChoices)}
      </div>
    </DialogFrame>
  );
}
