import { useErrorToast } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { useOpenLead } from './lead-panel';
import { PipelineFilters, usePipelineParams } from './pipeline-filters';
import { useMyPipeline } from './pipeline-api';
import { PipelineTable } from './pipeline-table';

/** /crm/leads for a sales agent: their own leads as a pipeline (stage, follow-up, notes), filtered, sorted and paged on the server. */
export default function MyLeadsScreen() {
  const params = usePipelineParams();
  const { list, stage, card, sort, due } = params;
  const { setOpen, panel } = useOpenLead();
  const start = (list.page - 1) * list.pageSize;
  const answer = useMyPipeline({
    start,
    length: list.pageSize,
    search: list.search,
    stage,
    due,
    card,
    sort,
  });

  const { error } = answer;
  useErrorToast(error, 'Failed to load your leads');

  const filtered = !!(list.search || stage || due || card);
  return (
    <>
      <PageHeader
        title="My leads"
        description="The leads assigned to you: move each through the pipeline, plan the next follow-up and keep notes on every call."
      />
      <PipelineFilters params={params} searchLabel="Search my leads" />
      <PipelineTable
        answer={answer}
        params={params}
        emptyText={filtered ? 'None of your leads matches these filters.' : 'No leads are assigned to you yet.'}
        onOpen={setOpen}
      />
      {panel}
    </>
  );
}
