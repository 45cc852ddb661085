import { Suspense, type ReactNode } from 'react';
import { Spinner, makeStyles, mergeClasses, type SpinnerProps } from '@fluentui/react-components';

const useStyles = makeStyles({
  fallback: { display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export interface LazyPartProps {
  /** What the spinner says while the part's code downloads ("Loading the map…"). */
  label: string;
  /** The fallback's size (and look): the part's own, so nothing moves when it arrives. */
  className: string;
  spinnerSize?: SpinnerProps['size'];
  children: ReactNode;
}

/** A part of a screen loaded on demand (a map, the rich text editor): a spinner in its place until its code is there. */
export function LazyPart({ label, className, spinnerSize, children }: LazyPartProps) {
  const styles = useStyles();
  return (
    <Suspense
      fallback={
        <div className={mergeClasses(styles.fallback, className)}>
          <Spinner size={spinnerSize} label={label} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
