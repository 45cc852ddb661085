import { useMemo } from 'react';
import { Button, Toolbar, ToolbarDivider, makeStyles, tokens } from '@fluentui/react-components';
import { PersonSearchRegular } from '@fluentui/react-icons';
import { LEAD_SELECTION_STEPS, USER_LEADS_PAGE_SIZE, type Lead, type LeadTablePage } from '@backoffice/contracts';
import { BadgeList, DataTable, answerTableProps, type DataTableColumn, type ListAnswer } from '../../components/table';
import { stepLabel } from './assignment-words';
import { leadPagerNote } from './lead-pager-note';
import type { PendingChanges } from './pending-changes';

const useStyles = makeStyles({
  number: { fontVariantNumeric: 'tabular-nums' },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
});

export interface SelectionToolsProps {
  disabled: boolean;
  /** Unassigned leads the search matches (what +10 / +100 take from); undefined while counted. */
  matches: number | undefined;
  search: string;
  /** The id of the text saying what +10 / +100 will take. */
  hintId: string;
  onSelectPage(on: boolean): void;
  onAddNext(step: number): void;
  onRemoveLast(step: number): void;
}

/** Select or unselect the page, add the next unassigned leads the search matches, or take back the last ones picked. */
export function SelectionTools({ disabled, matches, search, hintId, onSelectPage, onAddNext, onRemoveLast }: SelectionToolsProps) {
  return (
    <Toolbar aria-label="Selection" size="small" style={{ padding: 0, flexWrap: 'wrap' }}>
      <Button size="small" appearance="subtle" disabled={disabled} onClick={() => onSelectPage(true)}>
        Select all
      </Button>
      <Button size="small" appearance="subtle" disabled={disabled} onClick={() => onSelectPage(false)}>
        Unselect all
      </Button>
      <ToolbarDivider />
      {LEAD_SELECTION_STEPS.map((step) => (
        <Button
          key={`+${step}`}
          size="small"
          appearance="subtle"
          disabled={disabled || !matches}
          onClick={() => onAddNext(step)}
          aria-label={stepLabel(step, matches, search)}
          aria-describedby={hintId}
        >
          {`+${step}`}
        </Button>
      ))}
      {LEAD_SELECTION_STEPS.map((step) => (
        <Button
          key={`-${step}`}
          size="small"
          appearance="subtle"
          disabled={disabled}
          onClick={() => onRemoveLast(step)}
          aria-label={`−${step}: unselect the last ${step} selected leads`}
        >
          {`−${step}`}
        </Button>
      ))}
    </Toolbar>
  );
}

export interface AssignableLeadsTableProps {
  table: ListAnswer<LeadTablePage<Lead>>;
  search: string;
  /** An agent is chosen and their leads are known: the boxes can be ticked. */
  ready: boolean;
  pending: PendingChanges;
  onPending(next: PendingChanges): void;
  start: number;
  onStart(start: number): void;
  /** The chosen agent's leads are still loading. */
  loadingAgent: boolean;
}

/** The leads with a phone, a box each for the chosen agent (changed rows marked), paged on the server. */
export function AssignableLeadsTable({
  table,
  search,
  ready,
  pending,
  onPending,
  start,
  onStart,
  loadingAgent,
}: AssignableLeadsTableProps) {
  const styles = useStyles();
  const columns = useMemo<DataTableColumn<Lead>[]>(
    () => [
      { id: 'id', header: 'ID', width: 80, render: (lead) => <span className={styles.number}>{lead.id}</span> },
      { id: 'name', header: 'Name', width: 200, card: 'title', text: (lead) => lead.name },
      { id: 'phone', header: 'Phone', width: 150, text: (lead) => lead.phone },
      { id: 'email', header: 'Email', width: 220, text: (lead) => lead.email },
      {
        id: 'sellers',
        header: 'Sellers',
        width: 200,
        render: (lead) => <BadgeList names={lead.sellers} appearance="tint" color="brand" size="small" />,
      },
    ],
    [styles],
  );
  return (
    <DataTable<Lead>
      label="Leads"
      noun="leads with a phone"
      columns={columns}
      {...answerTableProps(table, (page) => page.data)}
      getRowId={(lead) => String(lead.id)}
      getRowName={(lead) => lead.name}
      empty={{
        icon: <PersonSearchRegular />,
        text: search ? `No lead with a phone matches “${search}”.` : 'No leads with a phone yet.',
      }}
      selection={{
        isSelected: (lead) => pending.isSelected(lead.id),
        onChange: (leads, on) =>
          onPending(
            pending.set(
              leads.map((lead) => lead.id),
              on,
            ),
          ),
        rowLabel: (lead) => `Assign ${lead.name}`,
        allLabel: 'Select every lead of this page',
        disabled: !ready,
      }}
      rowClassName={(lead) => (pending.changes.some((change) => change.leadId === lead.id) ? styles.changed : undefined)}
      rowAttributes={() => ({ 'data-testid': 'assignable-lead' })}
      paging={
        table.data && {
          page: Math.floor(start / USER_LEADS_PAGE_SIZE) + 1,
          pageSize: USER_LEADS_PAGE_SIZE,
          total: table.data.recordsFiltered,
          note: leadPagerNote(table.data),
          loading: !!table.isValidating || loadingAgent,
          onPage: (page) => onStart((page - 1) * USER_LEADS_PAGE_SIZE),
        }
      }
    />
  );
}
