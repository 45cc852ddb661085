import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PersonArrowRightRegular } from '@fluentui/react-icons';
import { errorMessage } from '../../components/api';
import { useConfirm, useErrorToast, useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { UserPicker, useStaffUser, type PickedUser } from '../../components/pickers';
import { useOpenLead } from './lead-panel';
import { PipelineFilters, usePipelineParams } from './pipeline-filters';
import { reassignLeads, useTeamPipeline } from './pipeline-api';
import { PipelineTable } from './pipeline-table';
import { useResetWhen } from '../../components/table';

const useStyles = makeStyles({
  dropdown: { minWidth: '190px' },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    marginBottom: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
  },
});

/** /crm/leads for Managers and Admins: every agent's leads, by agent and stage, and moving selected leads to another agent. */
export default function TeamLeadsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const params = usePipelineParams(['agent']);
  const { list, stage, card, sort, due } = params;
  const agentId = list.filters.agent || undefined;
  // The address names the agent by id: their name comes from the server once.
  const agentInUrl = useStaffUser(agentId);
  const agent = agentId ? { id: agentId, name: agentInUrl.data?.name ?? '…' } : null;
  const { setOpen, panel, reload } = useOpenLead();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<PickedUser | null>(null);
  const [moving, setMoving] = useState(false);
  const start = (list.page - 1) * list.pageSize;
  const query = { start, length: list.pageSize, search: list.search, stage, due, card, sort, userId: agentId };
  const answer = useTeamPipeline(query);
  const { error } = answer;

  useErrorToast(error, 'Failed to load the team’s leads');
  useResetWhen(JSON.stringify([list.page, list.search, stage, due, card, sort, agentId]), () => setSelected(new Set()));

  const reassign = async () => {
    if (!target) return;
    const ids = [...selected];
    const ok = await confirm({
      title: `Reassign ${ids.length} ${ids.length === 1 ? 'lead' : 'leads'}?`,
      message: `They move to ${target.name}, with their stage, follow-up and notes; their current agents no longer see them.`,
      confirmLabel: 'Reassign',
    });
    if (!ok) return;
    setMoving(true);
    try {
      const result = await reassignLeads(ids, target.id);
      notify.success(`${result.moved} ${result.moved === 1 ? 'lead' : 'leads'} moved to ${result.name}.`, 'Leads reassigned');
      setSelected(new Set());
      await reload();
    } catch (failure) {
      notify.error(errorMessage(failure), 'Leads not reassigned');
    } finally {
      setMoving(false);
    }
  };

  const select = (leadIds: readonly number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const leadId of leadIds) {
        if (on) next.add(leadId);
        else next.delete(leadId);
      }
      return next;
    });

  return (
    <>
      <PageHeader
        title="Team leads"
        description="Every sales agent’s leads: follow the pipeline by agent and stage, and move leads between agents."
      />
      <PipelineFilters params={params} searchLabel="Search the team’s leads">
        <UserPicker
          className={styles.dropdown}
          role="Salesagent"
          label="Agent"
          noneLabel="All agents"
          value={agent}
          onChange={(picked) => list.setFilter('agent', picked?.id ?? '')}
        />
      </PipelineFilters>
      {selected.size > 0 && (
        <div className={styles.bar} data-testid="reassign-bar">
          <Text weight="semibold">{`${selected.size} selected`}</Text>
          <UserPicker
            className={styles.dropdown}
            role="Salesagent"
            label="Reassign to"
            placeholder="Reassign to…"
            value={target}
            onChange={setTarget}
          />
          <Button appearance="primary" icon={<PersonArrowRightRegular />} disabled={!target || moving} onClick={() => void reassign()}>
            {moving ? 'Reassigning…' : 'Reassign'}
          </Button>
          <Button appearance="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      <PipelineTable
        team
        answer={answer}
        params={params}
        emptyText="No assigned lead matches these filters."
        selected={selected}
        onSelect={select}
        onOpen={setOpen}
      />
      {panel}
    </>
  );
}
