import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  DeleteDismissRegular,
  DismissRegular,
  DocumentArrowDownRegular,
  OpenRegular,
  PeopleTeamRegular,
  TableArrowUpRegular,
  TableRegular,
} from '@fluentui/react-icons';
import type { DuplicateMode, LeadGroup, LeadUpload } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { EmptyState, PageSpinner, useConfirm, useNotify } from '../../components/feedback';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/layout';
import { ButtonLink } from '../../components/navigation';
import { CRM_PATHS, clearAllUploads, clearUpload, download, useLeadGroups, useLeadUploads, useReloadLeads } from './api';
import { GroupLeadsDialog } from './group-leads-dialog';
import { importCounts } from './import-text';
import { DuplicateChoice, PendingUploads } from './pending-uploads';
import { ListPager } from '../../components/table';
import { UploadDialog } from './upload-dialog';
import { useExtractions } from './use-extractions';

const GROUPS_PAGE_SIZE = 10;

const useStyles = makeStyles({
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  section: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    marginBottom: tokens.spacingVerticalXL,
    overflow: 'hidden',
  },
  sectionHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  sectionTitle: { margin: 0 },
  headerTools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  groupName: { fontWeight: tokens.fontWeightSemibold, textAlign: 'left' },
  number: { fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3 },
  rowActions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  outcomes: {
    display: 'grid',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
  },
});

/** /admin/leads: upload spreadsheets, extract them on the workers, open the lead groups they make. */
export default function LeadsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirm();
  const reload = useReloadLeads();
  const [uploading, setUploading] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateMode>('flag');
  const [groupsPage, setGroupsPage] = useState(1);
  const [openGroup, setOpenGroup] = useState<LeadGroup | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const uploads = useLeadUploads();
  const groups = useLeadGroups(groupsPage, GROUPS_PAGE_SIZE);
  const { running, extract, outcomes, dismiss } = useExtractions(uploads.data);

  useEffect(() => {
    if (uploads.error) notify.error(errorMessage(uploads.error), 'Failed to load the saved files');
  }, [uploads.error, notify]);
  useEffect(() => {
    if (groups.error) notify.error(errorMessage(groups.error), 'Failed to load the lead groups');
  }, [groups.error, notify]);

  const pending = uploads.data ?? [];
  // A file already imported waits for its own choice (import again, open the group, cancel): Extract All leaves it.
  const extractable = pending.filter((upload) => !running[upload.id] && upload.status !== 'extracting' && !upload.alreadyImported);

  const saveFile = async (key: string, path: string, fileName: string) => {
    setDownloading(key);
    try {
      await download(path, fileName);
      notify.success(`${fileName} is in your downloads.`, 'Downloaded');
    } catch (error) {
      notify.error(errorMessage(error), 'Download failed');
    } finally {
      setDownloading(null);
    }
  };

  const clearOne = async (upload: LeadUpload) => {
    if (!(await confirm({ message: `Clear ${upload.name} from the saved files?`, confirmLabel: 'Clear' }))) return;
    try {
      await clearUpload(upload.id);
    } catch (error) {
      notify.error(errorMessage(error), 'Clear failed');
    }
    await reload();
  };

  const clearAll = async () => {
    if (!(await confirm({ message: 'Clear every saved file that is not being extracted?', confirmLabel: 'Clear all' }))) return;
    try {
      const { kept } = await clearAllUploads();
      if (kept) notify.info(`${kept} file${kept === 1 ? ' is' : 's are'} being extracted and stayed.`, 'Clear all');
    } catch (error) {
      notify.error(errorMessage(error), 'Clear failed');
    }
    await reload();
  };

  const failedRows = (upload: { id: number; name: string }) =>
    void saveFile(`errors-${upload.id}`, CRM_PATHS.failedRows(upload.id), `${upload.name.replace(/\.xlsx$/i, '')} - failed rows.xlsx`);

  let groupsContent;
  if (groups.isLoading && !groups.data) groupsContent = <PageSpinner label="Loading lead groups…" />;
  else if (groups.error && !groups.data)
    groupsContent = (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>Failed to load the lead groups</MessageBarTitle>
          {errorMessage(groups.error)}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void groups.mutate()}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  else if (!groups.data || groups.data.items.length === 0)
    groupsContent = <EmptyState icon={<TableRegular />} text="No lead groups yet. Extract a saved file to create one." />;
  else
    groupsContent = (
      <>
        <Table aria-label="Lead groups" data-testid="lead-groups">
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: '190px' }}>Date</TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell style={{ width: '110px' }}>Leads</TableHeaderCell>
              <TableHeaderCell style={{ width: '260px' }}>Import</TableHeaderCell>
              <TableHeaderCell style={{ width: '64px' }} aria-label="Actions" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.data.items.map((group) => (
              <TableRow key={group.id} data-testid="lead-group">
                <TableCell>{formatDate(group.dateCreated, 'date-time')}</TableCell>
                <TableCell>
                  <Link className={styles.groupName} onClick={() => setOpenGroup(group)} aria-label={`Open ${group.name}`}>
                    {group.name}
                  </Link>
                </TableCell>
                <TableCell className={styles.number}>{group.leadCount.toLocaleString()}</TableCell>
                <TableCell>
                  <span className={styles.headerTools}>
                    {group.duplicates > 0 && (
                      <Badge appearance="tint" color="warning">{`${group.duplicates.toLocaleString()} duplicates`}</Badge>
                    )}
                    {group.skippedDuplicates > 0 && (
                      <Badge appearance="tint">{`${group.skippedDuplicates.toLocaleString()} skipped`}</Badge>
                    )}
                    {group.failedRows > 0 && group.uploadId !== null && (
                      <Button
                        size="small"
                        icon={downloading === `errors-${group.uploadId}` ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
                        onClick={() => failedRows({ id: group.uploadId!, name: group.name })}
                      >
                        {`Download failed rows (${group.failedRows.toLocaleString()})`}
                      </Button>
                    )}
                    {group.duplicates === 0 && group.skippedDuplicates === 0 && group.failedRows === 0 && (
                      <Text size={200} className={styles.muted}>
                        Clean
                      </Text>
                    )}
                  </span>
                </TableCell>
                <TableCell>
                  <div className={styles.rowActions}>
                    <Tooltip content={`Export ${group.name} as xlsx`} relationship="label">
                      <Button
                        size="small"
                        appearance="subtle"
                        icon={downloading === `group-${group.id}` ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
                        onClick={() => void saveFile(`group-${group.id}`, CRM_PATHS.groupExport(group.id), `${group.name}.xlsx`)}
                      />
                    </Tooltip>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListPager
          className={styles.pager}
          page={groupsPage}
          pageSize={GROUPS_PAGE_SIZE}
          total={groups.data.total}
          noun="groups"
          loading={groups.isValidating}
          onPage={setGroupsPage}
        />
      </>
    );

  return (
    <>
      <PageHeader
        title="Leads"
        description="Upload lead spreadsheets, extract them into groups, and assign the leads to sales agents."
        actions={
          <>
            <Button
              appearance="subtle"
              icon={downloading === 'template' ? <Spinner size="extra-tiny" /> : <DocumentArrowDownRegular />}
              onClick={() => void saveFile('template', CRM_PATHS.template, 'leads-template.xlsx')}
            >
              Download template
            </Button>
            <ButtonLink to="/admin/user-leads" icon={<PeopleTeamRegular />}>
              Assign leads
            </ButtonLink>
            <Button
              icon={<TableArrowUpRegular />}
              disabled={extractable.length === 0}
              onClick={() => extractable.forEach((upload) => void extract(upload, duplicates))}
            >
              Extract All
            </Button>
            <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => setUploading(true)}>
              Upload Excel Sheet
            </Button>
          </>
        }
      />

      <section className={styles.section} aria-labelledby="saved-files-title">
        <div className={styles.sectionHeader}>
          <Text as="h2" size={500} weight="semibold" id="saved-files-title" className={styles.sectionTitle}>
            Saved files
          </Text>
          <div className={styles.headerTools}>
            <DuplicateChoice value={duplicates} onChange={setDuplicates} />
            <Button appearance="subtle" icon={<DeleteDismissRegular />} disabled={pending.length === 0} onClick={() => void clearAll()}>
              Clear all
            </Button>
          </div>
        </div>
        {outcomes.length > 0 && (
          <div className={styles.outcomes} aria-label="Finished extractions">
            {outcomes.map(({ upload, result, group }) => (
              <MessageBar
                key={upload.id}
                intent={result.failedRows > 0 ? 'warning' : 'success'}
                layout="multiline"
                data-testid="import-result"
              >
                <MessageBarBody>
                  <MessageBarTitle>{`${upload.name} → “${result.groupName}”`}</MessageBarTitle>
                  <span data-testid="import-counts">{importCounts(result)}</span>
                </MessageBarBody>
                <MessageBarActions
                  containerAction={
                    <Button
                      appearance="transparent"
                      aria-label={`Dismiss the result of ${upload.name}`}
                      icon={<DismissRegular />}
                      onClick={() => dismiss(upload.id)}
                    />
                  }
                >
                  {group && (
                    <Button icon={<OpenRegular />} onClick={() => setOpenGroup(group)}>
                      Open group
                    </Button>
                  )}
                  {result.failedRows > 0 && (
                    <Button
                      icon={downloading === `errors-${upload.id}` ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
                      onClick={() => failedRows(upload)}
                    >
                      Download failed rows
                    </Button>
                  )}
                </MessageBarActions>
              </MessageBar>
            ))}
          </div>
        )}
        {uploads.isLoading && !uploads.data ? (
          <PageSpinner label="Loading saved files…" />
        ) : (
          <PendingUploads
            uploads={pending}
            running={running}
            onExtract={(upload) => void extract(upload, duplicates)}
            onExtractAgain={(upload) => void extract(upload, duplicates, true)}
            onOpenGroup={setOpenGroup}
            onClear={(upload) => void clearOne(upload)}
            onFailedRows={failedRows}
          />
        )}
      </section>

      <section className={styles.section} aria-labelledby="lead-groups-title">
        <div className={styles.sectionHeader}>
          <Text as="h2" size={500} weight="semibold" id="lead-groups-title" className={styles.sectionTitle}>
            Lead groups
          </Text>
        </div>
        {groupsContent}
      </section>

      <UploadDialog open={uploading} onUploaded={() => void reload()} onClose={() => setUploading(false)} />
      {openGroup && <GroupLeadsDialog group={openGroup} onClose={() => setOpenGroup(null)} />}
    </>
  );
}
