import { useCallback, useEffect, useRef, useState } from 'react';
import type { DuplicateMode, LeadGroup, LeadImportResult, LeadImportRows, LeadUpload } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { extractUpload, fetchJob, useReloadLeads } from './api';

export interface Extraction {
  jobId: string;
  progress: number;
  /** How far the worker has read, once it has started. */
  rows?: LeadImportRows;
}

/** A finished extraction of this visit, shown until dismissed: its counts, its group, its failed rows. */
export interface ExtractionOutcome {
  upload: Pick<LeadUpload, 'id' | 'name'>;
  result: LeadImportResult;
  group: LeadGroup | null;
}

const POLL_MS = 600;

/**
 * Extractions in progress, by upload id: starts them (202 {jobId}), follows each job until it
 * settles, and tells the user how it went: "Success Extracting {file}" or "Extract Data Error".
 * Uploads already being extracted when the screen opens (another tab, a reload) are followed too.
 */
export function useExtractions(uploads: readonly LeadUpload[] | undefined) {
  const notify = useNotify();
  const reload = useReloadLeads();
  const [running, setRunning] = useState<Record<number, Extraction>>({});
  const [outcomes, setOutcomes] = useState<ExtractionOutcome[]>([]);
  const followed = useRef(new Set<string>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const follow = useCallback(
    async (upload: Pick<LeadUpload, 'id' | 'name'>, jobId: string) => {
      if (followed.current.has(jobId)) return;
      followed.current.add(jobId);
      setRunning((current) => ({ ...current, [upload.id]: { jobId, progress: current[upload.id]?.progress ?? 0 } }));
      let failures = 0;
      while (alive.current) {
        try {
          const job = await fetchJob(jobId);
          failures = 0;
          if (job.state === 'completed') {
            if (job.result) {
              const outcome: ExtractionOutcome = { upload, result: job.result, group: job.groups?.[0] ?? null };
              if (alive.current) setOutcomes((current) => [outcome, ...current.filter((item) => item.upload.id !== upload.id)]);
            }
            notify.success(`Success Extracting ${upload.name}`, 'Leads extracted');
            break;
          }
          if (job.state === 'failed' || job.state === 'unknown') {
            notify.error(job.error ?? 'The extraction stopped; extract the file again.', 'Extract Data Error');
            break;
          }
          if (alive.current) setRunning((current) => ({ ...current, [upload.id]: { jobId, progress: job.progress, rows: job.rows } }));
        } catch (error) {
          if (++failures >= 5) {
            notify.error(errorMessage(error), 'Extract Data Error');
            break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      followed.current.delete(jobId);
      if (!alive.current) return;
      setRunning((current) => {
        const next = { ...current };
        delete next[upload.id];
        return next;
      });
      await reload();
    },
    [notify, reload],
  );

  useEffect(() => {
    for (const upload of uploads ?? []) {
      // Following a job polls the server (an outside system) and shows its progress as it goes.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (upload.status === 'extracting' && upload.jobId) void follow(upload, upload.jobId);
    }
  }, [uploads, follow]);

  const extract = useCallback(
    async (upload: LeadUpload, duplicates: DuplicateMode, again = false) => {
      setRunning((current) => ({ ...current, [upload.id]: { jobId: '', progress: 0 } }));
      try {
        const { jobId } = await extractUpload(upload.id, duplicates, again);
        void follow(upload, jobId);
      } catch (error) {
        setRunning((current) => {
          const next = { ...current };
          delete next[upload.id];
          return next;
        });
        notify.error(errorMessage(error), 'Extract Data Error');
        await reload();
      }
    },
    [follow, notify, reload],
  );

  const dismiss = useCallback((uploadId: number) => setOutcomes((current) => current.filter((item) => item.upload.id !== uploadId)), []);

  return { running, extract, outcomes, dismiss };
}
