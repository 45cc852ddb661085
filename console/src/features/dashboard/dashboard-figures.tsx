import { Suspense, type ReactNode } from 'react';
import { Card, Skeleton, SkeletonItem, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { TextLink } from '../../components/navigation/text-link';

/*
 * The dashboard's building blocks. Every figure and chart has a fixed size, and a placeholder of that
 * same size stands in while its answer (or the charts' code) loads: nothing below moves when it arrives.
 */

/** Height of every chart (the agents' chart draws at most as many bars as fit in it). */
export const CHART_HEIGHT = 290;

/** Height of one figure card; its placeholder has the same. */
const FIGURE_HEIGHT = '96px';

const useStyles = makeStyles({
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    height: FIGURE_HEIGHT,
    boxSizing: 'border-box',
    overflow: 'hidden',
  },
  value: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  placeholder: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  placeholderValue: { width: '45%', height: tokens.lineHeightHero800 },
  placeholderLabel: { width: '75%' },
  chart: { minWidth: 0, overflow: 'hidden' },
  chartBody: { display: 'flex', flexDirection: 'column', justifyContent: 'center', minHeight: `${CHART_HEIGHT}px` },
  note: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

export function Figure({ label, value, to, testId }: { label: string; value: ReactNode; to: string; testId: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.figure}>
      <TextLink to={to} data-testid={`figure-${testId}`}>
        <span className={styles.value}>{value}</span>
      </TextLink>
      <Text className={styles.label} title={label}>
        {label}
      </Text>
    </Card>
  );
}

/** `count` figure-sized placeholders, for a group of figures whose answer has not come yet. */
export function FigurePlaceholders({ count }: { count: number }) {
  const styles = useStyles();
  return Array.from({ length: count }, (_, index) => (
    <Card key={index} className={styles.figure} aria-hidden="true" data-testid="figure-placeholder">
      <Skeleton className={styles.placeholder}>
        <SkeletonItem className={styles.placeholderValue} />
        <SkeletonItem size={16} className={styles.placeholderLabel} />
      </Skeleton>
    </Card>
  ));
}

/**
 * A chart in a card: the chart's area keeps CHART_HEIGHT whether it shows the chart, the spinner while the
 * charts' code loads, a placeholder while the figures load, or a note when there is nothing to draw.
 */
export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  const spinner = <Spinner size="small" label="Loading the chart…" />;
  return (
    <Card className={styles.chart}>
      <Text as="h3" weight="semibold">
        {title}
      </Text>
      <div className={styles.chartBody}>
        <Suspense fallback={spinner}>{children ?? spinner}</Suspense>
      </div>
    </Card>
  );
}

export function ChartNote({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <Text className={styles.note}>{children}</Text>;
}
