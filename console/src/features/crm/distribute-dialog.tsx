import { useState } from 'react';
import { SearchBox, Button, Checkbox, Field, SpinButton, Text, makeStyles, shorthands, tokens } from '@fluentui/react-components';
import type { StaffUser } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { DialogFrame } from '../../components/feedback/dialog-frame';
import { useStaffSearch } from '../../components/pickers';
import { useResetWhen, useDebounced } from '../../components/table';
import { distributeLeads, useAssignableLeads } from './api';

const useStyles = makeStyles({
  surface: { width: '520px', maxWidth: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  agents: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '240px',
    overflowY: 'auto',
    padding: tokens.spacingVerticalXS,
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusMedium,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** "Distribute": N unassigned leads (table order) spread evenly over the chosen agents. */
export function DistributeDialog({ onClose, onDone }: { onClose(): void; onDone(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [count, setCount] = useState<number | null>(10);
  const [chosen, setChosen] = useState<StaffUser[]>([]);
  const [agentSearch, setAgentSearch] = useState('');
  const agents = useStaffSearch('Salesagent', useDebounced(agentSearch));
  // The chosen agents stay listed (first) whatever the search; then the other matches.
  const listed = [...chosen, ...(agents.data?.items ?? []).filter((agent) => !chosen.some((picked) => picked.id === agent.id))];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { data: unassigned } = useAssignableLeads({ draw: 0, start: 0, length: 1, search: '' }, true);
  const available = unassigned?.recordsFiltered;

  useResetWhen(`${count}|${chosen.map((agent) => agent.id).join(',')}`, () => setErrors({}));

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!count || count < 1) local.count = 'Enter at least 1';
    if (chosen.length === 0) local.userIds = 'Choose at least one sales agent';
    if (Object.keys(local).length) return setErrors(local);
    setSaving(true);
    try {
      const result = await distributeLeads(
        chosen.map((agent) => agent.id),
        count!,
      );
      const shares = result.perAgent.map((agent) => `${agent.name} ${agent.added}`).join(', ');
      if (result.distributed === 0) notify.warning('There are no unassigned leads with a phone left.', 'Distribute');
      else notify.success(`Distributed ${result.distributed.toLocaleString()} leads: ${shares}.`, 'Distribute');
      onDone();
    } catch (error) {
      const fields = fieldErrors(error);
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) byField[path.startsWith('userIds') ? 'userIds' : path] = message;
      setErrors(byField);
      if (Object.keys(fields).length === 0) notify.error(errorMessage(error), 'Distribute failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogFrame
      title="Distribute leads"
      onDismiss={onClose}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button appearance="primary" disabled={saving} onClick={() => void submit()}>
            {saving ? 'Distributing…' : 'Distribute'}
          </Button>
        </>
      }
    >
      <Text className={styles.hint}>
        {available === undefined
          ? 'Takes the next unassigned leads with a phone, in table order, and deals them out in turn.'
          : `${available.toLocaleString()} unassigned leads with a phone. They are taken in table order and dealt out in turn.`}
      </Text>
      <Field label="Number of leads" required validationMessage={errors.count}>
        <SpinButton
          value={count}
          min={1}
          max={100000}
          onChange={(_event, data) => setCount(data.value ?? (Number(data.displayValue) || null))}
        />
      </Field>
      <Field label="Sales agents" required validationMessage={errors.userIds}>
        <div className={styles.agents} role="group" aria-label="Sales agents">
          <SearchBox
            size="small"
            placeholder="Search name or email"
            aria-label="Search sales agents"
            value={agentSearch}
            onChange={(_event, data) => setAgentSearch(data.value)}
          />
          {listed.map((agent) => (
            <Checkbox
              key={agent.id}
              label={`${agent.name} (${agent.email})`}
              checked={chosen.some((picked) => picked.id === agent.id)}
              onChange={(_event, data) =>
                setChosen((current) => (data.checked ? [...current, agent] : current.filter((picked) => picked.id !== agent.id)))
              }
            />
          ))}
        </div>
      </Field>
    </DialogFrame>
  );
}
