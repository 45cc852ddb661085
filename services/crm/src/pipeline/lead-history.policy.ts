import type { LeadHistoryKind, LeadStage } from '@backoffice/contracts';

/** What the history keeps of a pipeline row. */
interface PipelineState {
  stage: LeadStage;
  followUpAt: string | null;
}

/** One entry a change adds to a lead's history, beside its notes. */
export interface HistoryEntry {
  kind: Exclude<LeadHistoryKind, 'note'>;
  text: string;
}

/** The history entries of a pipeline change: the stage moved, the follow-up set, moved or cleared; nothing if it stayed. */
export function historyOfChange(before: PipelineState, after: PipelineState): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  if (before.stage !== after.stage) entries.push({ kind: 'stage', text: `Stage: ${before.stage} → ${after.stage}` });
  if (before.followUpAt !== after.followUpAt) {
    entries.push({ kind: 'follow-up', text: after.followUpAt ? `Follow-up: ${after.followUpAt}` : 'Follow-up cleared' });
  }
  return entries;
}
