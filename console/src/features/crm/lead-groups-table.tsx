import { Badge, Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, TableRegular } from '@fluentui/react-icons';
import type { LeadGroup } from '@backoffice/contracts';
import { formatDate } from '../../components/format';
import { DataTable, answerTableProps, type DataTableColumn } from '../../components/table';
import { useLeadGroups } from './api';

/** Lead groups a page: the newest import first. */
const GROUPS_PAGE_SIZE = 10;

const useStyles = makeStyles({
  // At least 24 px tall: a link inside a row that itself takes focus needs a target of its own size.
  name: { fontWeight: tokens.fontWeightSemibold, textAlign: 'left', display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    paddingBlock: tokens.spacingVerticalXS,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface LeadGroupsTableProps {
  className?: string;
  page: number;
  onPage(page: number): void;
  onOpen(group: LeadGroup): void;
  onExport(group: LeadGroup): void;
  onFailedRows(upload: { id: number; name: string }): void;
  /** The export running now ("group-<id>"), if any. */
  downloading: string | null;
}

function ImportSummary({
  group,
  onFailedRows,
  downloading,
}: {
  group: LeadGroup;
  onFailedRows: LeadGroupsTableProps['onFailedRows'];
  downloading: string | null;
}) {
  const styles = useStyles();
  const clean = group.duplicates === 0 && group.skippedDuplicates === 0 && group.failedRows === 0;
  return (
    <span className={styles.tools}>
      {group.duplicates > 0 && <Badge appearance="tint" color="warning">{`${group.duplicates.toLocaleString()} duplicates`}</Badge>}
      {group.skippedDuplicates > 0 && <Badge appearance="tint">{`${group.skippedDuplicates.toLocaleString()} skipped`}</Badge>}
      {group.failedRows > 0 && group.uploadId !== null && (
        <Button
          size="small"
          icon={downloading === `errors-${group.uploadId}` ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
          onClick={() => onFailedRows({ id: group.uploadId!, name: group.name })}
        >
          {`Download failed rows (${group.failedRows.toLocaleString()})`}
        </Button>
      )}
      {clean && (
        <Text size={200} className={styles.muted}>
          Clean
        </Text>
      )}
    </span>
  );
}

/** The extracted lead groups, paged on the server: a row opens the group's leads; each can be exported. */
export function LeadGroupsTable({ className, page, onPage, onOpen, onExport, onFailedRows, downloading }: LeadGroupsTableProps) {
  const styles = useStyles();
  const groups = useLeadGroups(page, GROUPS_PAGE_SIZE);
  const columns: DataTableColumn<LeadGroup>[] = [
    {
      id: 'name',
      header: 'Name',
      render: (group) => (
        <Link className={styles.name} onClick={() => onOpen(group)} aria-label={`Open ${group.name}`}>
          {group.name}
        </Link>
      ),
      card: 'title',
      width: 260,
    },
    { id: 'date', header: 'Date', text: (group) => formatDate(group.dateCreated, 'date-time'), width: 170 },
    { id: 'leads', header: 'Leads', text: (group) => group.leadCount.toLocaleString(), width: 90 },
    {
      id: 'import',
      header: 'Import',
      render: (group) => <ImportSummary group={group} onFailedRows={onFailedRows} downloading={downloading} />,
      width: 260,
    },
  ];
  return (
    <DataTable<LeadGroup>
      className={className}
      label="Lead groups"
      noun="groups"
      columns={columns}
      {...answerTableProps(groups, (page) => page.items)}
      getRowId={(group) => String(group.id)}
      getRowName={(group) => group.name}
      empty={{ icon: <TableRegular />, text: 'No lead groups yet. Extract a saved file to create one.' }}
      paging={{ page, pageSize: GROUPS_PAGE_SIZE, total: groups.data?.total ?? 0, onPage, loading: groups.isValidating }}
      onRowClick={onOpen}
      actions={(group) => [
        {
          label: 'Export',
          icon: <ArrowDownloadRegular />,
          ariaLabel: `Export ${group.name} as xlsx`,
          busy: downloading === `group-${group.id}`,
          onClick: () => onExport(group),
        },
      ]}
      actionsWidth={120}
      rowAttributes={() => ({ 'data-testid': 'lead-group' })}
    />
  );
}
