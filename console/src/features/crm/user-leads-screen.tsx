import { useMemo, useState } from 'react';
import { Button, SearchBox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowShuffleRegular } from '@fluentui/react-icons';
import { USER_LEADS_PAGE_SIZE, type StaffUser } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useConfirm, useErrorToast, useNotify } from '../../components/feedback';
import { UNSAVED_MESSAGE, UNSAVED_TITLE, UnsavedChangesGuard } from '../../components/forms';
import { PageHeader } from '../../components/layout';
import { useResetWhen, useDebounced } from '../../components/table';
import { AgentsPanel } from './agents-panel';
import { fetchUnassignedIds, updateUserLeads, useAssignableLeads, useReloadAssignments, useUserLeads } from './api';
import { AssignableLeadsTable, SelectionTools } from './assignable-leads';
import { DistributeDialog } from './distribute-dialog';
import { PendingChanges } from './pending-changes';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: '280px minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
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
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pendingBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pendingCount: { flexGrow: 1 },
});

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
  const agentLeads = useUserLeads(agent?.id ?? null);
  const assigned = agentLeads.data?.leadIds;

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
    setAgent((current) => (current?.id === next.id ? null : next));
  };

  const addNext = async (n: number) => {
    setBusy(true);
    try {
      const candidates = await fetchUnassignedIds(pending.candidatesNeeded(n));
      const next = pending.addFirst(candidates, n);
      if (next.count === pending.count) notify.info('Every lead with a phone is already assigned.', 'Nothing to add');
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
      const result = await updateUserLeads(agent.id, pending.changes);
      notify.success(
        `${agent.name} now has ${result.total.toLocaleString()} leads (${result.added} added, ${result.removed} removed).`,
        'Leads updated',
      );
      await reloadAssignments();
    } catch (error) {
      notify.error(errorMessage(error), 'Update failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard when={pending.count > 0 && !busy} />
      <PageHeader
        title="Assign leads"
        description="Choose a sales agent, then tick the leads they should work. Changes apply when you press Update."
        back={{ to: '/admin/leads', label: 'Back to leads' }}
        actions={
          <Button icon={<ArrowShuffleRegular />} onClick={() => setDistributing(true)}>
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

        <section className={styles.panel} aria-label="Leads with a phone">
          <div className={styles.tools}>
            <SearchBox
              placeholder="Search name, email or phone"
              aria-label="Search leads"
              value={typed}
              onChange={(_event, data) => setTyped(data.value)}
              style={{ width: '280px' }}
            />
            <SelectionTools
              disabled={!ready || busy}
              onSelectPage={(on) => setPending(pending.set(pageIds, on))}
              onAddNext={(step) => void addNext(step)}
              onRemoveLast={(step) => setPending(pending.removeLast(step))}
            />
          </div>
          <div className={styles.pendingBar}>
            <Text className={styles.pendingCount} aria-live="polite" data-testid="pending-count">
              {!agent
                ? 'Choose a sales agent to select their leads.'
                : !assigned
                  ? `Loading ${agent.name}'s leads…`
                  : `${pending.count.toLocaleString()} pending change${pending.count === 1 ? '' : 's'} for ${agent.name}`}
            </Text>
            <Button disabled={pending.count === 0 || busy} onClick={() => setPending(new PendingChanges(assigned ?? []))}>
              Cancel
            </Button>
            <Button appearance="primary" disabled={pending.count === 0 || busy} onClick={() => void update()}>
              {busy ? 'Updating…' : 'Update'}
            </Button>
          </div>
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
        </section>
      </div>
      {distributing && (
        <DistributeDialog
          onClose={() => setDistributing(false)}
          onDone={() => {
            setDistributing(false);
            void reloadAssignments();
          }}
        />
      )}
    </>
  );
}
