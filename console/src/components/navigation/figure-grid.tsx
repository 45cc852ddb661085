import type { ReactElement } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link, type To } from 'react-router-dom';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    // Five figures share a row at 1280 px; two a row on a phone.
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(176px, calc(50% - 8px)), 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXXL,
  },
  figure: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    color: 'inherit',
    textDecorationLine: 'none',
  },
  link: {
    ':hover': { boxShadow: tokens.shadow8, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  current: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1 },
  alert: { color: tokens.colorPaletteRedForeground1 },
  value: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  label: { color: tokens.colorNeutralForeground3 },
});

/** One figure of a start screen: a count and what it counts; with `to`, it opens the list it counts. */
export interface Figure {
  label: string;
  /** Undefined while loading (shown as "…"). */
  value: number | string | undefined;
  icon: ReactElement;
  to?: To;
  /** The figure is a warning when it is not 0 (overdue work). */
  alert?: boolean;
  /** The list shown is this figure's (its filter is on). */
  current?: boolean;
  testId?: string;
}

/** A row of figures; a navigation landmark named `label` when they open lists. */
export function FigureGrid({ label, figures }: { label: string; figures: readonly Figure[] }) {
  const styles = useStyles();
  const body = (figure: Figure) => (
    <>
      <span className={mergeClasses(styles.icon, figure.alert && !!figure.value && styles.alert)} aria-hidden="true">
        {figure.icon}
      </span>
      <span>
        <Text as="p" block className={styles.value}>
          {figure.value === undefined ? '…' : figure.value.toLocaleString()}
        </Text>
        <Text className={styles.label}>{figure.label}</Text>
      </span>
    </>
  );
  const links = figures.some((figure) => figure.to !== undefined);
  const Box = links ? 'nav' : 'div';
  return (
    <Box className={styles.grid} aria-label={label}>
      {figures.map((figure) =>
        figure.to !== undefined ? (
          <Link
            key={figure.label}
            to={figure.to}
            className={mergeClasses(styles.figure, styles.link, figure.current && styles.current)}
            aria-current={figure.current ? 'true' : undefined}
            data-testid={figure.testId}
          >
            {body(figure)}
          </Link>
        ) : (
          <div key={figure.label} className={styles.figure} data-testid={figure.testId}>
            {body(figure)}
          </div>
        ),
      )}
    </Box>
  );
}
