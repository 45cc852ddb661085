import { Dropdown, Option, ToggleButton, Tag, makeStyles } from '@fluentui/react-components';
import { CalendarClockRegular } from '@fluentui/react-icons';
import { LEAD_STAGES, PIPELINE_CARDS, PIPELINE_SORTS, type LeadStage, type PipelineCard, type PipelineSort } from '@backoffice/contracts';
import { FilterDropdown, ListToolbar, useListParams } from '../../components/table';

const SORT_LABELS: Record<PipelineSort, string> = {
  assigned: 'Newest assignment',
  followUp: 'Next follow-up',
  name: 'Name',
  stage: 'Stage',
};

export const CARD_LABELS: Record<PipelineCard, string> = {
  dueToday: 'Follow-ups due today',
  overdue: 'Overdue follow-ups',
  newThisWeek: 'New this week',
  convertedThisMonth: 'Converted this month',
};

const useStyles = makeStyles({
  dropdown: { minWidth: '170px' },
});

/** A pipeline list's search, filters and sort, all in the address (reload and back keep them). */
export function usePipelineParams(extraFilters: readonly string[] = []) {
  const list = useListParams<PipelineSort>({ sort: 'assigned', dir: 'desc' }, ['stage', 'due', 'card', ...extraFilters]);
  const stage = (LEAD_STAGES as readonly string[]).includes(list.filters.stage) ? (list.filters.stage as LeadStage) : undefined;
  const card = (PIPELINE_CARDS as readonly string[]).includes(list.filters.card) ? (list.filters.card as PipelineCard) : undefined;
  const sort = (PIPELINE_SORTS as readonly string[]).includes(list.sort) ? list.sort : 'assigned';
  return { list, stage, card, sort, due: list.filters.due === 'true' };
}

export type PipelineParams = ReturnType<typeof usePipelineParams>;

/** Search, stage, "Follow-up due", sort, and the workspace card the list was opened from (removable). */
export function PipelineFilters({
  params,
  searchLabel,
  children,
}: {
  params: PipelineParams;
  searchLabel: string;
  children?: React.ReactNode;
}) {
  const styles = useStyles();
  const { list, stage, card, sort, due } = params;
  return (
    <ListToolbar list={list} searchLabel={searchLabel} placeholder="Search name, email or phone">
      {children}
      <FilterDropdown
        label="Stage"
        value={stage ?? ''}
        allLabel="All stages"
        options={LEAD_STAGES}
        onChange={(value) => list.setFilter('stage', value)}
      />
      <ToggleButton
        checked={due}
        icon={<CalendarClockRegular />}
        onClick={() => list.setFilter('due', due ? '' : 'true')}
        aria-pressed={due}
      >
        Follow-up due
      </ToggleButton>
      <Dropdown
        className={styles.dropdown}
        aria-label="Sort by"
        value={`Sort: ${SORT_LABELS[sort]}`}
        selectedOptions={[sort]}
        onOptionSelect={(_event, data) => data.optionValue && list.sortBy(data.optionValue as PipelineSort, 'asc')}
      >
        {PIPELINE_SORTS.map((option) => (
          <Option key={option} value={option}>
            {SORT_LABELS[option]}
          </Option>
        ))}
      </Dropdown>
      {card && (
        <Tag
          dismissible
          dismissIcon={{ 'aria-label': 'Remove' }}
          value={card}
          onClick={() => list.setFilter('card', '')}
          data-testid="card-filter"
        >
          {CARD_LABELS[card]}
        </Tag>
      )}
    </ListToolbar>
  );
}
