import type { CSSProperties } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { errorMessage } from '../api';

export interface ErrorBarProps {
  /** What failed ("The report could not be loaded"). */
  title: string;
  /** The failure: its message is the bar's text. */
  error: unknown;
  /** Load again: a Retry button on the bar. */
  onRetry?(): void;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/** Something on the screen could not be loaded: a red bar with what, why, and Retry when it can be asked again. */
export function ErrorBar({ title, error, onRetry, className, style, testId }: ErrorBarProps) {
  return (
    <MessageBar intent="error" className={className} style={style} data-testid={testId}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {errorMessage(error)}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          {/* Never on paper: a printed page (the order receipt) leaves it out. */}
          <Button onClick={onRetry} data-print-hide>
            Retry
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
