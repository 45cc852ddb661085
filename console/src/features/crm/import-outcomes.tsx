import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular, OpenRegular } from '@fluentui/react-icons';
import type { LeadGroup } from '@backoffice/contracts';
import { importCounts } from './import-text';
import type { useExtractions } from './use-extractions';

export interface ImportOutcomesProps {
  className?: string;
  outcomes: ReturnType<typeof useExtractions>['outcomes'];
  /** The download running now ("errors-<upload id>"), if any. */
  downloading: string | null;
  onDismiss(uploadId: number): void;
  onOpenGroup(group: LeadGroup): void;
  onFailedRows(upload: { id: number; name: string }): void;
}

/** What each finished extraction did: its counts, Open group, Download failed rows, and ✕ to dismiss it. */
export function ImportOutcomes({ className, outcomes, downloading, onDismiss, onOpenGroup, onFailedRows }: ImportOutcomesProps) {
  if (outcomes.length === 0) return null;
  return (
    <div className={className} aria-label="Finished extractions">
      {outcomes.map(({ upload, result, group }) => (
        <MessageBar key={upload.id} intent={result.failedRows > 0 ? 'warning' : 'success'} layout="multiline" data-testid="import-result">
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
                onClick={() => onDismiss(upload.id)}
              />
            }
          >
            {group && (
              <Button icon={<OpenRegular />} onClick={() => onOpenGroup(group)}>
                Open group
              </Button>
            )}
            {result.failedRows > 0 && (
              <Button
                icon={downloading === `errors-${upload.id}` ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
                onClick={() => onFailedRows(upload)}
              >
                Download failed rows
              </Button>
            )}
          </MessageBarActions>
        </MessageBar>
      ))}
    </div>
  );
}
