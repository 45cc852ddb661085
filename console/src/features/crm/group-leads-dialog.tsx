import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogBody,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  shorthands,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular, PeopleSearchRegular } from '@fluentui/react-icons';
import { leadGroupPageSize, type LeadGroup } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { EmptyState, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { CRM_PATHS, download, useLeadGroupPage } from './api';
import { TablePager } from './table-pager';
import { useDebounced } from './use-debounced';

const useStyles = makeStyles({
  surface: {
    width: '100vw',
    maxWidth: '100vw',
    height: '100vh',
    maxHeight: '100vh',
    borderRadius: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    boxSizing: 'border-box',
  },
  body: { display: 'flex', flexDirection: 'column', height: '100%', gap: tokens.spacingVerticalS },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { flexGrow: 1, minWidth: 0 },
  counts: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular, marginLeft: tokens.spacingHorizontalS },
  search: { width: '320px' },
  frame: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  scroll: { flexGrow: 1, overflow: 'auto' },
  row: { height: '30px' },
  cell: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  index: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  number: { fontVariantNumeric: 'tabular-nums' },
});

/** Page size from the specification (docs/product.md): (screen height − 270) / 30, following the window. */
function usePageSize(): number {
  const [size, setSize] = useState(() => leadGroupPageSize(window.innerHeight));
  useEffect(() => {
    const onResize = () => setSize(leadGroupPageSize(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

const COLUMNS: { label: string; width?: string }[] = [
  { label: '#', width: '56px' },
  { label: 'ID', width: '64px' },
  { label: 'Name', width: '15%' },
  { label: 'Work at', width: '11%' },
  { label: 'Gender', width: '72px' },
  { label: 'Current city', width: '10%' },
  { label: 'Date of birth', width: '112px' },
  { label: 'Email', width: '17%' },
  { label: 'Phone', width: '132px' },
  { label: 'Notes' },
];

/** A group's leads, full screen, paged on the server (draw/start/length/search). */
export function GroupLeadsDialog({ group, onClose }: { group: LeadGroup; onClose(): void }) {
  const styles = useStyles();
  const notify = useNotify();
  const length = usePageSize();
  const [start, setStart] = useState(0);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const draw = useRef(0);
  const starts = useRef(new Map<number, number>());
  const [query, setQuery] = useState({ draw: 0, start: 0, length, search: '' });
  const [exporting, setExporting] = useState(false);

  useEffect(() => setStart(0), [search, length]);
  useEffect(() => {
    draw.current += 1;
    starts.current.set(draw.current, start);
    setQuery({ draw: draw.current, start, length, search });
  }, [start, length, search]);

  const { data: page, error, isLoading, isValidating } = useLeadGroupPage(group.id, query);
  // While the next page loads the previous one stays: its rows keep the numbers of its own draw.
  const rowStart = page ? (starts.current.get(page.draw) ?? query.start) : query.start;

  const exportGroup = async () => {
    setExporting(true);
    try {
      await download(CRM_PATHS.groupExport(group.id), `${group.name}.xlsx`);
    } catch (failure) {
      notify.error(errorMessage(failure), 'Export failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, state) => !state.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={`Leads of ${group.name}`} data-testid="group-leads-dialog">
        <DialogBody className={styles.body}>
          <div className={styles.header}>
            <DialogTitle className={styles.title}>
              {group.name}
              <Text className={styles.counts}>
                {`${group.leadCount.toLocaleString()} leads · created ${formatDate(group.dateCreated, 'date-time')}`}
              </Text>
            </DialogTitle>
            <SearchBox
              className={styles.search}
              placeholder="Search name, email or phone"
              aria-label="Search leads"
              value={typed}
              onChange={(_event, state) => setTyped(state.value)}
            />
            <Button
              icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
              disabled={exporting}
              onClick={() => void exportGroup()}
            >
              Export
            </Button>
            <Button appearance="subtle" icon={<DismissRegular />} aria-label="Close" onClick={onClose} />
          </div>
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{errorMessage(error)}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.frame}>
            <div className={styles.scroll}>
              {isLoading && !page ? (
                <Spinner label="Loading leads…" style={{ padding: 48 }} />
              ) : page && page.data.length === 0 ? (
                <EmptyState icon={<PeopleSearchRegular />} text={search ? `No lead matches “${search}”.` : 'This group has no leads.'} />
              ) : (
                <Table size="small" aria-label="Leads" data-testid="group-leads-table" style={{ tableLayout: 'fixed' }}>
                  <TableHeader>
                    <TableRow>
                      {COLUMNS.map((column) => (
                        <TableHeaderCell key={column.label} style={column.width ? { width: column.width } : undefined}>
                          {column.label}
                        </TableHeaderCell>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {page?.data.map((lead, index) => (
                      <TableRow key={lead.id} className={styles.row} data-testid="group-lead-row">
                        <TableCell className={styles.index}>{(rowStart + index + 1).toLocaleString()}</TableCell>
                        <TableCell className={styles.number}>{lead.id}</TableCell>
                        <TableCell className={styles.cell} title={lead.name}>
                          {lead.name}
                          {lead.duplicate && (
                            <Badge size="small" appearance="tint" color="warning" style={{ marginLeft: 6 }}>
                              Duplicate
                            </Badge>
                          )}
                        </TableCell>
                        <TableCell className={styles.cell} title={lead.workAt}>
                          {lead.workAt}
                        </TableCell>
                        <TableCell>{lead.gender}</TableCell>
                        <TableCell className={styles.cell}>{lead.currentCity}</TableCell>
                        <TableCell className={styles.number}>{lead.dob ? formatDate(`${lead.dob}T00:00:00`) : ''}</TableCell>
                        <TableCell className={styles.cell} title={lead.email}>
                          {lead.email}
                        </TableCell>
                        <TableCell className={styles.cell}>{lead.phone}</TableCell>
                        <TableCell className={styles.cell} title={lead.notes}>
                          {lead.notes}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </div>
            {page && (
              <TablePager
                start={rowStart}
                length={query.length}
                filtered={page.recordsFiltered}
                capped={page.recordsCapped}
                total={page.recordsTotal}
                noun="leads"
                loading={isValidating}
                onPage={setStart}
              />
            )}
          </div>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
