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
}

/** Something on the screen could not be loaded: a red bar with what, why, and Retry when it can be asked again. */
export function ErrorBar({ title, error, onRetry, className, style }: ErrorBarProps) {
  return (
    <MessageBar intent="error" className={className} style={style}>
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {errorMessage(error)}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button onClick={onRetry}>Retry</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
