import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
});

/** A wide form dialog's two columns, side by side. */
export function FormColumns({ children }: { children: ReactNode }) {
  return <div className={useStyles().columns}>{children}</div>;
}

/** One column of FormColumns: its fields one under another. */
export function FormColumn({ children }: { children: ReactNode }) {
  return <div className={useStyles().column}>{children}</div>;
}

/** Two short fields that belong together on one line (a price and the former price). */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={useStyles().pair}>{children}</div>;
}
