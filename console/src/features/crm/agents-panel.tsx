import { useState } from 'react';
import { Avatar, SearchBox, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PeopleRegular } from '@fluentui/react-icons';
import type { StaffUser } from '@backoffice/contracts';
import { EmptyState, PageSpinner, useErrorToast } from '../../components/feedback';
import { useStaffSearch } from '../../components/pickers';
import { useDebounced } from '../../components/table';

const useStyles = makeStyles({
  agentSearch: {
    margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    width: `calc(100% - 2 * ${tokens.spacingHorizontalM})`,
    maxWidth: 'none',
  },
  agents: {
    listStyleType: 'none',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    display: 'grid',
    rowGap: '2px',
    maxHeight: '560px',
    overflowY: 'auto',
    // A phone: the leads follow below, so the agents take a few lines and scroll.
    '@media (max-width: 639px)': { maxHeight: '200px' },
  },
  agent: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    textAlign: 'left',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  agentSelected: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  agentText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface AgentsPanelProps {
  className: string;
  titleClassName: string;
  selected: StaffUser | null;
  /** Said under the chosen agent instead of their email (e.g. how many leads they will have). */
  selectedNote?: string;
  onChoose(agent: StaffUser): void;
}

/** The sales agents to assign leads to, searched on the server by name or email; the chosen one is marked. */
export function AgentsPanel({ className, titleClassName, selected, selectedNote, onChoose }: AgentsPanelProps) {
  const styles = useStyles();
  const [agentSearch, setAgentSearch] = useState('');
  const agents = useStaffSearch('Salesagent', useDebounced(agentSearch));
  const agentList = agents.data?.items ?? [];
  const searchingAgents = agentSearch.trim() !== '';

  useErrorToast(agents.error, 'Failed to load the sales agents');

  return (
    <section className={className} aria-labelledby="agents-title">
      <Text as="h2" size={400} weight="semibold" id="agents-title" className={titleClassName} block>
        Sales agents
      </Text>
      <SearchBox
        className={styles.agentSearch}
        size="small"
        placeholder="Search name or email"
        aria-label="Search sales agents"
        value={agentSearch}
        onChange={(_event, data) => setAgentSearch(data.value)}
      />
      {agents.isLoading && !agents.data ? (
        <PageSpinner label="Loading agents…" />
      ) : agentList.length === 0 ? (
        <EmptyState
          icon={<PeopleRegular />}
          text={
            searchingAgents
              ? `No sales agent matches “${agentSearch.trim()}”.`
              : 'No sales agents yet. Give a user the Salesagent role first.'
          }
        />
      ) : (
        <ul className={styles.agents} aria-label="Sales agents">
          {agentList.map((user) => {
            const chosen = selected?.id === user.id;
            return (
              <li key={user.id}>
                <button
                  type="button"
                  className={mergeClasses(styles.agent, chosen && styles.agentSelected)}
                  aria-pressed={chosen}
                  onClick={() => onChoose(user)}
                  data-testid="agent"
                >
                  <Avatar name={user.name} size={32} color="colorful" aria-hidden="true" />
                  <span className={styles.agentText}>
                    <Text weight={chosen ? 'semibold' : 'regular'} className={styles.ellipsis}>
                      {user.name}
                    </Text>
                    <Text size={200} className={mergeClasses(styles.muted, styles.ellipsis)}>
                      {chosen && selectedNote ? selectedNote : user.email}
                    </Text>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
