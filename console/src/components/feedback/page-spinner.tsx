import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '240px',
    padding: tokens.spacingVerticalXXL,
  },
  fullScreen: { minHeight: '100vh' },
});

/** The loading state of a whole page (or of the whole window with `fullScreen`). */
export function PageSpinner({ label = 'Loading…', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.root, fullScreen && styles.fullScreen)} data-testid="page-spinner">
      <Spinner label={label} labelPosition="below" />
    </div>
  );
}
