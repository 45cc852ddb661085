import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { errorMessage } from '../api';

const useStyles = makeStyles({
  error: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXXL,
  },
});

/** A list that could not be loaded (before its first answer): why, and Try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const styles = useStyles();
  return (
    <div className={styles.error} role="alert">
      <Text>{errorMessage(error)}</Text>
      <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
