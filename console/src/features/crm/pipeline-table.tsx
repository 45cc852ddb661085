import { useMemo } from 'react';
import { Badge, Button, Link, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { OpenRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import type { PipelineLead, PipelinePage } from '@backoffice/contracts';
import { DataTable, answerTableProps, type DataTableColumn, type DataTableSelection, type ListAnswer } from '../../components/table';
import { leadPagerNote } from './lead-pager-note';
import type { PipelineParams } from './pipeline-filters';
import { StageBadge, formatDay, today } from './stage-badge';

const useStyles = makeStyles({
  name: { display: 'flex', flexDirection: 'column', minWidth: 0, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  // The lead's name opens it: a target of at least 24 px (WCAG 2.5.8).
  open: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%', minHeight: '24px', textAlign: 'left' },
  // Phone and email links stand alone in their cells: targets of at least 24 px too.
  contact: { display: 'inline-block', minHeight: '24px', lineHeight: '24px', verticalAlign: 'middle' },
  notes: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  notesText: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface PipelineTableProps {
  /** The server's page of leads and its loading states. */
  answer: ListAnswer<PipelinePage>;
  params: PipelineParams;
  /** What an empty page says. */
  emptyText: string;
  /** The team view: an agent column and row selection. */
  team?: boolean;
  selected?: ReadonlySet<number>;
  onSelect?(leadIds: readonly number[], selected: boolean): void;
  onOpen(lead: PipelineLead): void;
}

function usePipelineColumns(team: boolean, onOpen: (lead: PipelineLead) => void) {
  const styles = useStyles();
  return useMemo(() => {
    const day = today();
    const columns: DataTableColumn<PipelineLead>[] = [
      {
        id: 'name',
        header: 'Name',
        width: 180,
        card: 'title',
        render: (lead) => (
          <span className={styles.name}>
            <Link as="button" className={styles.open} onClick={() => onOpen(lead)} aria-label={`Open ${lead.name}`}>
              <Text weight="semibold">{lead.name || 'Unnamed lead'}</Text>
            </Link>
            <Text size={200} className={`${styles.muted} ${styles.ellipsis}`}>
              {lead.workAt || '—'}
              {lead.duplicate && (
                <Badge size="small" appearance="tint" color="warning" style={{ marginLeft: 6 }}>
                  Duplicate
                </Badge>
              )}
            </Text>
          </span>
        ),
      },
      ...(team ? [{ id: 'agent', header: 'Agent', width: 130, text: (lead: PipelineLead) => lead.agentName }] : []),
      { id: 'stage', header: 'Stage', width: 100, card: 'status', render: (lead) => <StageBadge stage={lead.stage} /> },
      {
        id: 'follow-up',
        header: 'Follow-up',
        width: 100,
        render: (lead) =>
          lead.followUpAt ? (
            <Text className={lead.followUpAt < day ? styles.overdue : undefined} data-testid="lead-follow-up">
              {lead.followUpAt === day ? 'Today' : formatDay(lead.followUpAt)}
            </Text>
          ) : (
            <Text className={styles.muted}>—</Text>
          ),
      },
      {
        id: 'phone',
        header: 'Phone',
        control: true,
        width: 140,
        render: (lead) =>
          lead.phone ? (
            <Link href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className={styles.contact}>
              {lead.phone}
            </Link>
          ) : (
            '—'
          ),
      },
      {
        id: 'email',
        header: 'Email',
        control: true,
        width: 180,
        render: (lead) =>
          lead.email ? (
            <Link href={`mailto:${lead.email}`} className={mergeClasses(styles.contact, styles.ellipsis)} title={lead.email}>
              {lead.email}
            </Link>
          ) : (
            '—'
          ),
      },
      {
        id: 'notes',
        header: 'Notes',
        width: 260,
        minWidth: 200,
        render: (lead) => (
          <span className={styles.notes}>
            <Text className={`${styles.notesText} ${lead.notes ? '' : styles.muted}`} title={lead.notes}>
              {lead.notes || 'No notes'}
            </Text>
            <Button size="small" icon={<OpenRegular />} onClick={() => onOpen(lead)} aria-label={`Edit notes on ${lead.name}`}>
              Notes
            </Button>
          </span>
        ),
      },
    ];
    return columns;
  }, [team, onOpen, styles]);
}

/** The pipeline's leads: name, stage, follow-up, click-to-call and click-to-email, latest note; paged on the server. */
export function PipelineTable({ answer, params, emptyText, team = false, selected, onSelect, onOpen }: PipelineTableProps) {
  const columns = usePipelineColumns(team, onOpen);
  const { list } = params;
  const selection: DataTableSelection<PipelineLead> | undefined =
    team && selected && onSelect
      ? {
          isSelected: (lead) => selected.has(lead.id),
          onChange: (leads, on) =>
            onSelect(
              leads.map((lead) => lead.id),
              on,
            ),
          rowLabel: (lead) => `Select ${lead.name}`,
          allLabel: 'Select every lead on this page',
        }
      : undefined;
  return (
    <DataTable<PipelineLead>
      label={team ? 'Team leads' : 'My leads'}
      noun="leads"
      columns={columns}
      {...answerTableProps(answer, (page) => page.data)}
      getRowId={(lead) => `${lead.agentId}-${lead.id}`}
      getRowName={(lead) => lead.name}
      empty={{ icon: <PeopleSearchRegular />, text: emptyText }}
      selection={selection}
      paging={
        answer.data && {
          page: list.page,
          pageSize: list.pageSize,
          total: answer.data.recordsFiltered,
          note: leadPagerNote(answer.data),
          loading: answer.isValidating,
          onPage: list.setPage,
          onPageSize: list.setPageSize,
        }
      }
      rowAttributes={() => ({ 'data-testid': 'my-lead' })}
    />
  );
}
