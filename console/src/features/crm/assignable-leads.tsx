import { useMemo } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Toolbar,
  ToolbarDivider,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PersonSearchRegular } from '@fluentui/react-icons';
import { LEAD_SELECTION_STEPS, USER_LEADS_PAGE_SIZE, type Lead, type LeadTablePage } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { EmptyState, PageSpinner } from '../../components/feedback';
import { ListPager } from '../../components/table';
import { leadPagerNote } from './lead-pager-note';
import type { PendingChanges } from './pending-changes';

const useStyles = makeStyles({
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  sellers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  number: { fontVariantNumeric: 'tabular-nums' },
  changed: { backgroundColor: tokens.colorPaletteYellowBackground1 },
});

export interface SelectionToolsProps {
  disabled: boolean;
  onSelectPage(on: boolean): void;
  onAddNext(step: number): void;
  onRemoveLast(step: number): void;
}

/** Select or unselect the page, add the next unassigned leads, or take back the last ones picked. */
export function SelectionTools({ disabled, onSelectPage, onAddNext, onRemoveLast }: SelectionToolsProps) {
  return (
    <Toolbar aria-label="Selection" size="small" style={{ padding: 0 }}>
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
          disabled={disabled}
          onClick={() => onAddNext(step)}
          aria-label={`Select the next ${step} unassigned leads`}
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
          aria-label={`Unselect the last ${step} selected leads`}
        >
          {`−${step}`}
        </Button>
      ))}
    </Toolbar>
  );
}

export interface AssignableLeadsTableProps {
  table: { data?: LeadTablePage<Lead>; error?: unknown; isLoading: boolean; isValidating: boolean };
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
  const pageIds = useMemo(() => table.data?.data.map((lead) => lead.id) ?? [], [table.data]);
  const selectedOnPage = pageIds.filter((id) => pending.isSelected(id)).length;
  return (
    <>
      {table.error && !table.data ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(table.error)}</MessageBarBody>
        </MessageBar>
      ) : table.isLoading && !table.data ? (
        <PageSpinner label="Loading leads…" />
      ) : !table.data || table.data.data.length === 0 ? (
        <EmptyState
          icon={<PersonSearchRegular />}
          text={search ? `No lead with a phone matches “${search}”.` : 'No leads with a phone yet.'}
        />
      ) : (
        <>
          <Table size="small" aria-label="Leads" data-testid="assignable-leads">
            <TableHeader>
              <TableRow>
                <TableHeaderCell style={{ width: '48px' }}>
                  <Checkbox
                    aria-label="Select every lead of this page"
                    disabled={!ready}
                    checked={selectedOnPage === 0 ? false : selectedOnPage === pageIds.length ? true : 'mixed'}
                    onChange={(_event, data) => onPending(pending.set(pageIds, data.checked === true))}
                  />
                </TableHeaderCell>
                <TableHeaderCell style={{ width: '80px' }}>ID</TableHeaderCell>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell style={{ width: '150px' }}>Phone</TableHeaderCell>
                <TableHeaderCell>Email</TableHeaderCell>
                <TableHeaderCell>Sellers</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.data.data.map((lead) => {
                const selected = pending.isSelected(lead.id);
                const changed = pending.changes.some((change) => change.leadId === lead.id);
                return (
                  <TableRow key={lead.id} className={changed ? styles.changed : undefined} data-testid="assignable-lead">
                    <TableCell>
                      <Checkbox
                        aria-label={`Assign ${lead.name}`}
                        disabled={!ready}
                        checked={ready && selected}
                        onChange={(_event, data) => onPending(pending.set([lead.id], data.checked === true))}
                      />
                    </TableCell>
                    <TableCell className={styles.number}>{lead.id}</TableCell>
                    <TableCell className={styles.ellipsis}>{lead.name}</TableCell>
                    <TableCell className={styles.ellipsis}>{lead.phone}</TableCell>
                    <TableCell className={styles.ellipsis}>{lead.email}</TableCell>
                    <TableCell>
                      <span className={styles.sellers}>
                        {lead.sellers.map((seller) => (
                          <Badge key={seller} appearance="tint" color="brand" size="small">
                            {seller}
                          </Badge>
                        ))}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <ListPager
            className={styles.pager}
            page={Math.floor(start / USER_LEADS_PAGE_SIZE) + 1}
            pageSize={USER_LEADS_PAGE_SIZE}
            total={table.data.recordsFiltered}
            noun="leads with a phone"
            note={leadPagerNote(table.data)}
            loading={table.isValidating || loadingAgent}
            onPage={(page) => onStart((page - 1) * USER_LEADS_PAGE_SIZE)}
          />
        </>
      )}
    </>
  );
}
