import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, SearchBox, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowShuffleRegular } from '@fluentui/react-icons';
import { USER_LEADS_PAGE_SIZE, type StaffUser } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useConfirm, useErrorToast, useNotify } from '../../components/feedback';
import { UNSAVED_MESSAGE, UNSAVED_TITLE, UnsavedChangesGuard } from '../../components/forms';
import { PageHeader, usePhone } from '../../components/layout';
import { useResetWhen, useDebounced } from '../../components/table';
import { AgentsPanel } from './agents-panel';
import { fetchUnassignedIds, updateUserLeads, useAssignableLeads, useReloadAssignments, useUnassignedMatches, useUserLeads } from './api';
import { AssignableLeadsTable, SelectionTools } from './assignable-leads';
import { bulkHint, updateMessage } from './assignment-words';
import { DistributeDialog } from './distribute-dialog';
import { PendingChanges } from './pending-changes';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: '280px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    // A phone: the agents first, then the leads (as cards) under them.
    '@media (max-width: 639px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  // On a phone the last card scrolls clear of the Cancel / Update bar fixed at the screen's bottom.
  leadsPanel: { '@media (max-width: 639px)': { paddingBottom: '120px' } },
  panelTitle: {
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
  hint: {
    display: 'block',
    padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pendingBar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    // On a phone the bar comes after the cards and stays in reach at the bottom of the screen while they scroll
    // (fixed: the page's body clips sideways overflow, which keeps a sticky bar from sticking).
    '@media (max-width: 639px)': {
      position: 'fixed',
      left: 0,
      right: 0,
      bottom: 0,
      zIndex: 2,
      borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      boxShadow: tokens.shadow16,
    },
  },
  pendingCount: { flexGrow: 1 },
  result: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
});

interface Outcome {
  text: string;
  /** When it was said: each outcome is new, even in the same words, and takes focus again. */
  at: number;
}

/** The outcome of the last Update or Distribute, said on the screen; focus moves to it so a keyboard user hears it. */
function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  return (
    <MessageBar intent="success" className={styles.result} ref={ref} tabIndex={-1} role="status" data-testid="assign-result">
      <MessageBarBody>{outcome.text}</MessageBarBody>
    </MessageBar>
  );
}

interface PendingBarProps {
  agent: StaffUser | null;
  pending: PendingChanges;
  /** The agent's leads once loaded. */
  assigned: readonly number[] | undefined;
  busy: boolean;
  onCancel(): void;
  onUpdate(): void;
}

/** How many changes wait and how many leads are selected, with Cancel and Update. */
function PendingBar({ agent, pending, assigned, busy, onCancel, onUpdate }: PendingBarProps) {
  const styles = useStyles();
  return (
    <div className={styles.pendingBar}>
      <Text className={styles.pendingCount} aria-live="polite" data-testid="pending-count">
        {!agent
          ? 'Choose a sales agent to select their leads.'
          : !assigned
            ? `Loading ${agent.name}'s leads…`
            : `${pending.count.toLocaleString()} pending change${pending.count === 1 ? '' : 's'} for ${agent.name}`}
      </Text>
      {agent && assigned && (
        <Text weight="semibold" data-testid="selected-count">
          {`${pending.selectedInOrder().length.toLocaleString()} selected`}
        </Text>
      )}
      <Button disabled={pending.count === 0 || busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button appearance="primary" disabled={pending.count === 0 || busy} onClick={onUpdate}>
        {busy ? 'Updating…' : 'Update'}
      </Button>
    </div>
  );
}

/** /admin/user-leads: choose a sales agent, tick their leads (pending until Update), or distribute in bulk. */
export default function UserLeadsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const reloadAssignments = useReloadAssignments();
  const [agent, setAgent] = useState<StaffUser | null>(null);
  const [start, setStart] = useState(0);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const [pending, setPending] = useState(new PendingChanges());
  const [busy, setBusy] = useState(false);
  const [distributing, setDistributing] = useState(false);
  const table = useAssignableLeads({ draw: 0, start, length: USER_LEADS_PAGE_SIZE, search });
  const matches = useUnassignedMatches(search);
  const agentLeads = useUserLeads(agent?.id ?? null);
  const assigned = agentLeads.data?.leadIds;
  const phone = usePhone();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const say = (text: string) => setOutcome({ text, at: Date.now() });

  useResetWhen(search, () => setStart(0));
  // A new agent (or their leads reloaded after Update) starts with no pending change.
  useResetWhen(agent?.id, () => setPending(new PendingChanges(assigned ?? [])));
  useResetWhen(assigned, () => setPending(new PendingChanges(assigned ?? [])));
  useErrorToast(table.error, 'Failed to load the leads');

  const pageIds = useMemo(() => table.data?.data.map((lead) => lead.id) ?? [], [table.data]);
  const ready = Boolean(agent && assigned);

  // Another agent starts from their own leads: pending changes are dropped only after asking.
  const chooseAgent = async (next: StaffUser) => {
    if (
      pending.count > 0 &&
      !(await confirm({ title: UNSAVED_TITLE, message: UNSAVED_MESSAGE, confirmLabel: 'Discard', cancelLabel: 'Keep editing' }))
    )
      return;
    setOutcome(null);
    setAgent((current) => (current?.id === next.id ? null : next));
  };

  // +10 / +100 take the next unassigned leads among those the search matches, never others.
  const addNext = async (n: number) => {
    setBusy(true);
    try {
      const candidates = await fetchUnassignedIds(pending.candidatesNeeded(n), search);
      const next = pending.addFirst(candidates, n);
      if (next.count === pending.count)
        notify.info(
          search ? `Every lead matching “${search}” is already selected or assigned.` : 'Every lead with a phone is already assigned.',
          'No lead to add',
        );
      setPending(next);
    } catch (error) {
      notify.error(errorMessage(error), 'Could not find unassigned leads');
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (!agent) return;
    setBusy(true);
    try {
      const done = await updateUserLeads(agent.id, pending.changes);
      say(updateMessage(agent.name, done));
      await reloadAssignments();
    } catch (error) {
      notify.error(errorMessage(error), 'Leads not assigned');
    } finally {
      setBusy(false);
    }
  };

  // On a phone the bar follows the cards (and sticks to the bottom), so the focus order is the order seen.
  const pendingBar = (
    <PendingBar
      agent={agent}
      pending={pending}
      assigned={assigned}
      busy={busy}
      onCancel={() => setPending(new PendingChanges(assigned ?? []))}
      onUpdate={() => void update()}
    />
  );

  return (
    <>
      <UnsavedChangesGuard when={pending.count > 0 && !busy} />
      <PageHeader
        title="Assign leads"
        description="Choose a sales agent, then tick the leads they should work. Changes apply when you press Update."
        back={{ to: '/admin/leads', label: 'Back to leads' }}
        actions={
          <Button icon={<ArrowShuffleRegular />} disabled={!matches} onClick={() => setDistributing(true)}>
            Distribute…
          </Button>
        }
      />
      <div className={styles.layout}>
        <AgentsPanel
          className={styles.panel}
          titleClassName={styles.panelTitle}
          selected={agent}
          selectedNote={assigned ? `${pending.selectedInOrder().length.toLocaleString()} leads` : undefined}
          onChoose={(user) => void chooseAgent(user)}
        />

        <section className={mergeClasses(styles.panel, styles.leadsPanel)} aria-label="Leads with a phone">
          <div className={styles.tools}>
            <SearchBox
              placeholder="Search name, email or phone"
              aria-label="Search leads"
              value={typed}
              onChange={(_event, data) => setTyped(data.value)}
              style={{ width: '280px', maxWidth: '100%' }}
            />
            <SelectionTools
              disabled={!ready || busy}
              matches={matches}
              search={search}
              hintId="bulk-hint"
              onSelectPage={(on) => setPending(pending.set(pageIds, on))}
              onAddNext={(step) => void addNext(step)}
              onRemoveLast={(step) => setPending(pending.removeLast(step))}
            />
          </div>
          <Text id="bulk-hint" size={200} className={styles.hint} data-testid="bulk-hint">
            {bulkHint(matches, search)}
          </Text>
          {!phone && pendingBar}
          {outcome && <OutcomeMessage key={outcome.at} outcome={outcome} />}
          <AssignableLeadsTable
            table={table}
            search={search}
            ready={ready}
            pending={pending}
            onPending={setPending}
            start={start}
            onStart={setStart}
            loadingAgent={Boolean(agent) && !assigned}
          />
          {phone && pendingBar}
        </section>
      </div>
      {distributing && (
        <DistributeDialog
          search={search}
          matches={matches ?? 0}
          onClose={() => setDistributing(false)}
          onDone={(text) => {
            setDistributing(false);
            say(text);
            void reloadAssignments();
          }}
        />
      )}
    </>
  );
}
