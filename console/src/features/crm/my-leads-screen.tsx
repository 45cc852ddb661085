import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { PeopleSearchRegular } from '@fluentui/react-icons';
import type { PipelineLead } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { EmptyState, PageSpinner, useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { LeadPanel } from './lead-panel';
import { PipelineFilters, usePipelineParams } from './pipeline-filters';
import { useMyPipeline, useReloadPipeline } from './pipeline-api';
import { PipelineTable } from './pipeline-table';
import { ListPager } from '../../components/table';
import { leadPagerNote } from './lead-pager-note';

const useStyles = makeStyles({
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
});

/** /crm/leads for a sales agent: their own leads as a pipeline (stage, follow-up, notes), filtered, sorted and paged on the server. */
export default function MyLeadsScreen() {
  const styles = useStyles();
  const notify = useNotify();
  const params = usePipelineParams();
  const { list, stage, card, sort, due } = params;
  const [open, setOpen] = useState<PipelineLead | null>(null);
  const reload = useReloadPipeline();
  const start = (list.page - 1) * list.pageSize;
  const { data, error, isLoading, isValidating, mutate } = useMyPipeline({
    start,
    length: list.pageSize,
    search: list.search,
    stage,
    due,
    card,
    sort,
  });

  useEffect(() => {
    if (error) notify.error(errorMessage(error), 'Failed to load your leads');
  }, [error, notify]);

  const filtered = !!(list.search || stage || due || card);
  let content;
  if (isLoading && !data) content = <PageSpinner label="Loading your leads…" />;
  else if (error && !data)
    content = (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(error)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => void mutate()}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  else if (!data || data.data.length === 0)
    content = (
      <EmptyState
        icon={<PeopleSearchRegular />}
        text={filtered ? 'None of your leads matches these filters.' : 'No leads are assigned to you yet.'}
      />
    );
  else
    content = (
      <div className={styles.surface}>
        <PipelineTable rows={data.data} onOpen={setOpen} />
        <ListPager
          className={styles.pager}
          page={list.page}
          pageSize={list.pageSize}
          total={data.recordsFiltered}
          noun="leads"
          note={leadPagerNote(data)}
          loading={isValidating}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      </div>
    );

  return (
    <>
      <PageHeader
        title="My leads"
        description="The leads assigned to you: move each through the pipeline, plan the next follow-up and keep notes on every call."
      />
      <PipelineFilters params={params} searchLabel="Search my leads" />
      {content}
      {open && (
        <LeadPanel
          lead={open}
          onClose={() => setOpen(null)}
          onChanged={(saved) => {
            if (saved) setOpen(saved);
            void reload();
          }}
        />
      )}
    </>
  );
}
