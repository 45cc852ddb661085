import { useState } from 'react';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowUploadRegular,
  DeleteDismissRegular,
  DocumentArrowDownRegular,
  PeopleTeamRegular,
  TableArrowUpRegular,
} from '@fluentui/react-icons';
import type { DuplicateMode, LeadGroup, LeadUpload } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { PageSpinner, useConfirm, useErrorToast, useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { ButtonLink } from '../../components/navigation';
import { CRM_PATHS, clearAllUploads, clearUpload, download, useLeadUploads, useReloadLeads } from './api';
import { GroupLeadsDialog } from './group-leads-dialog';
import { ImportOutcomes } from './import-outcomes';
import { LeadGroupsTable } from './lead-groups-table';
import { DuplicateChoice, PendingUploads } from './pending-uploads';
import { UploadDialog } from './upload-dialog';
import { useExtractions } from './use-extractions';

const useStyles = makeStyles({
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
  outcomes: {
    display: 'grid',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} 0`,
  },
  groups: { boxShadow: 'none', borderRadius: 0 },
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
  const { running, extract, outcomes, dismiss } = useExtractions(uploads.data);

  useErrorToast(uploads.error, 'Failed to load the saved files');

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
        <ImportOutcomes
          className={styles.outcomes}
          outcomes={outcomes}
          downloading={downloading}
          onDismiss={dismiss}
          onOpenGroup={setOpenGroup}
          onFailedRows={failedRows}
        />
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
        <LeadGroupsTable
          className={styles.groups}
          page={groupsPage}
          onPage={setGroupsPage}
          onOpen={setOpenGroup}
          onExport={(group) => void saveFile(`group-${group.id}`, CRM_PATHS.groupExport(group.id), `${group.name}.xlsx`)}
          onFailedRows={failedRows}
          downloading={downloading}
        />
      </section>

      <UploadDialog open={uploading} onUploaded={() => void reload()} onClose={() => setUploading(false)} />
      {openGroup && <GroupLeadsDialog group={openGroup} onClose={() => setOpenGroup(null)} />}
    </>
  );
}
