import { useState, type ReactNode } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { errorMessage } from '../api';
import { useNotify } from '../feedback';

export interface ExportButtonProps {
  /** Fetches the file and saves it. */
  run(): Promise<unknown>;
  /** The error toast's title when it fails ("Export failed"). */
  failureTitle: string;
  /** Not now (nothing to export yet); it is also disabled while an export runs. */
  disabled?: boolean;
  children: ReactNode;
}

/** A button that downloads an export: a spinner instead of its icon while the file comes, a failure as an error toast. */
export function ExportButton({ run, failureTitle, disabled, children }: ExportButtonProps) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportFile = async () => {
    setExporting(true);
    try {
      await run();
    } catch (failure) {
      notify.error(errorMessage(failure), failureTitle);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button
      icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
      disabled={disabled || exporting}
      onClick={() => void exportFile()}
    >
      {children}
    </Button>
  );
}
