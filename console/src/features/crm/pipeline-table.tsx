import {
  Button,
  Checkbox,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { Badge } from '@fluentui/react-components';
import type { PipelineLead } from '@backoffice/contracts';
import { StageBadge, formatDay, today } from './stage-badge';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' },
  notes: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  notesText: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export interface PipelineTableProps {
  rows: PipelineLead[];
  /** The team view: an agent column and row selection. */
  team?: boolean;
  selected?: ReadonlySet<number>;
  onSelect?(leadId: number, selected: boolean): void;
  onSelectAll?(selected: boolean): void;
  onOpen(lead: PipelineLead): void;
}

/** The pipeline's leads: name, stage, follow-up, click-to-call and click-to-email, latest note. */
export function PipelineTable({ rows, team, selected, onSelect, onSelectAll, onOpen }: PipelineTableProps) {
  const styles = useStyles();
  const day = today();
  const allSelected = rows.length > 0 && rows.every((lead) => selected?.has(lead.id));
  const someSelected = rows.some((lead) => selected?.has(lead.id));
  return (
    <div className={styles.scroll}>
      <Table
        aria-label={team ? 'Team leads' : 'My leads'}
        data-testid="my-leads"
        style={{ tableLayout: 'fixed', minWidth: team ? '900px' : '820px' }}
      >
        <TableHeader>
          <TableRow>
            {team && (
              <TableHeaderCell style={{ width: '44px' }}>
                <Checkbox
                  aria-label="Select every lead on this page"
                  checked={allSelected ? true : someSelected ? 'mixed' : false}
                  onChange={(_event, data) => onSelectAll?.(data.checked === true)}
                />
              </TableHeaderCell>
            )}
            <TableHeaderCell style={{ width: '19%' }}>Name</TableHeaderCell>
            {team && <TableHeaderCell style={{ width: '12%' }}>Agent</TableHeaderCell>}
            <TableHeaderCell style={{ width: '110px' }}>Stage</TableHeaderCell>
            <TableHeaderCell style={{ width: '120px' }}>Follow-up</TableHeaderCell>
            <TableHeaderCell style={{ width: '150px' }}>Phone</TableHeaderCell>
            <TableHeaderCell style={{ width: '20%' }}>Email</TableHeaderCell>
            <TableHeaderCell>Notes</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((lead) => (
            <TableRow key={`${lead.agentId}-${lead.id}`} data-testid="my-lead">
              {team && (
                <TableCell>
                  <Checkbox
                    aria-label={`Select ${lead.name}`}
                    checked={selected?.has(lead.id) ?? false}
                    onChange={(_event, data) => onSelect?.(lead.id, data.checked === true)}
                  />
                </TableCell>
              )}
              <TableCell>
                <span className={styles.name}>
                  <Link as="button" className={styles.ellipsis} onClick={() => onOpen(lead)} aria-label={`Open ${lead.name}`}>
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
              </TableCell>
              {team && <TableCell className={styles.ellipsis}>{lead.agentName}</TableCell>}
              <TableCell>
                <StageBadge stage={lead.stage} />
              </TableCell>
              <TableCell>
                {lead.followUpAt ? (
                  <Text className={lead.followUpAt < day ? styles.overdue : undefined} data-testid="lead-follow-up">
                    {lead.followUpAt === day ? 'Today' : formatDay(lead.followUpAt)}
                  </Text>
                ) : (
                  <Text className={styles.muted}>—</Text>
                )}
              </TableCell>
              <TableCell className={styles.ellipsis}>
                {lead.phone ? <Link href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</Link> : '—'}
              </TableCell>
              <TableCell className={styles.ellipsis} title={lead.email}>
                {lead.email ? <Link href={`mailto:${lead.email}`}>{lead.email}</Link> : '—'}
              </TableCell>
              <TableCell>
                <span className={styles.notes}>
                  <Text className={`${styles.notesText} ${lead.notes ? '' : styles.muted}`} title={lead.notes}>
                    {lead.notes || 'No notes'}
                  </Text>
                  <Button size="small" icon={<OpenRegular />} onClick={() => onOpen(lead)} aria-label={`Edit notes on ${lead.name}`}>
                    Notes
                  </Button>
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
