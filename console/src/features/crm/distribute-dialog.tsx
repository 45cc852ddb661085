import { useState } from 'react';
import {
  SearchBox,
  Button,
  Checkbox,
  Field,
  FieldContextProvider,
  SpinButton,
  Text,
  makeStyles,
  shorthands,
  tokens,
} from '@fluentui/react-components';
import type { StaffUser } from '@backoffice/contracts';
import { errorMessage, fieldErrors } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { DialogFrame } from '../../components/feedback/dialog-frame';
import { useStaffSearch } from '../../components/pickers';
import { useResetWhen, useDebounced } from '../../components/table';
import { distributeLeads } from './api';
import { distributeMessage } from './assignment-words';

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
  agent: { display: 'flex', alignItems: 'center', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface DistributeDialogProps {
  /** The assign screen's search: only the unassigned leads it matches are dealt out. */
  search: string;
  /** How many unassigned leads it matches. */
  matches: number;
  onClose(): void;
  /** Done: what was distributed, in words. */
  onDone(outcome: string): void;
}

/** "Distribute": N of the unassigned leads the search matches (table order) spread evenly over the chosen agents. */
export function DistributeDialog({ search, matches, onClose, onDone }: DistributeDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [count, setCount] = useState<number | null>(Math.min(10, matches));
  const [chosen, setChosen] = useState<StaffUser[]>([]);
  const [agentSearch, setAgentSearch] = useState('');
  const agents = useStaffSearch('Salesagent', useDebounced(agentSearch));
  // The chosen agents stay listed (first) whatever the search; then the other matches.
  const listed = [...chosen, ...(agents.data?.items ?? []).filter((agent) => !chosen.some((picked) => picked.id === agent.id))];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

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
        search,
      );
      onDone(distributeMessage(result, search));
    } catch (error) {
      const fields = fieldErrors(error);
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(fields)) byField[path.startsWith('userIds') ? 'userIds' : path] = message;
      setErrors(byField);
      if (Object.keys(fields).length === 0) notify.error(errorMessage(error), 'Leads not distributed');
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
      <Text className={styles.hint} data-testid="distribute-hint">
        {`${distributeHint(count, matches, search)} They are taken in table order and dealt out in turn.`}
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
        {/* Each box is its own control: out of the Field's context, which would give all of them its one id and mark. */}
        <FieldContextProvider value={undefined}>
          <div className={styles.agents} role="group" aria-label="Sales agents">
            <SearchBox
              size="small"
              placeholder="Search name or email"
              aria-label="Search sales agents"
              value={agentSearch}
              onChange={(_event, data) => setAgentSearch(data.value)}
            />
            {listed.map((agent) => (
              <span key={agent.id} className={styles.agent}>
                <Checkbox
                  label={agent.name}
                  aria-describedby={`distribute-email-${agent.id}`}
                  checked={chosen.some((picked) => picked.id === agent.id)}
                  onChange={(_event, data) =>
                    setChosen((current) => (data.checked ? [...current, agent] : current.filter((picked) => picked.id !== agent.id)))
                  }
                />
                <Text size={200} id={`distribute-email-${agent.id}`} className={styles.email}>
                  {agent.email}
                </Text>
              </span>
            ))}
          </div>
        </FieldContextProvider>
      </Field>
    </DialogFrame>
  );
}

/** How many leads Distribute takes, and from which search ("10 of the 14 unassigned leads matching “smith”."). */
function distributeHint(count: number | null, matches: number, search: string): string {
  const of = `${matches.toLocaleString('en-US')} unassigned ${matches === 1 ? 'lead' : 'leads'}${search ? ` matching “${search}”` : ' with a phone'}`;
  return count ? `Distributes ${Math.min(count, matches).toLocaleString('en-US')} of the ${of}.` : `There are ${of}.`;
}
