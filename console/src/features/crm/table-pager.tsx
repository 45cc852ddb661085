import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  summary: { color: tokens.colorNeutralForeground3, display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface TablePagerProps {
  start: number;
  length: number;
  /** Rows matching the search. */
  filtered: number;
  /** More rows match than the server pages through: the first `filtered` of them are shown. */
  capped?: boolean;
  /** Rows without the search (shown when they differ). */
  total: number;
  noun: string;
  loading?: boolean;
  onPage(start: number): void;
}

/** "21–40 of 1,204 leads (filtered from 9,800)" with previous and next, for server-paged tables. */
export function TablePager({ start, length, filtered, capped, total, noun, loading, onPage }: TablePagerProps) {
  const styles = useStyles();
  const page = Math.floor(start / length) + 1;
  const pages = Math.max(1, Math.ceil(filtered / length));
  const first = filtered === 0 ? 0 : start + 1;
  const last = Math.min(filtered, start + length);
  const number = (n: number) => n.toLocaleString();
  return (
    <div className={styles.footer}>
      <Text size={200} className={styles.summary} aria-live="polite" data-testid="pager-summary">
        {`${number(first)}–${number(last)} of ${number(filtered)}${capped ? '+' : ''} ${noun}`}
        {capped
          ? ` (the first ${number(filtered)} matches of ${number(total)}: narrow the search to see the others)`
          : filtered !== total && ` (filtered from ${number(total)})`}
        {loading && <Spinner size="extra-tiny" aria-label="Loading" />}
      </Text>
      <div className={styles.pager}>
        <Text size={200}>{`Page ${number(page)} of ${number(pages)}`}</Text>
        <Button
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onPage(Math.max(0, start - length))}
        />
        <Button
          size="small"
          icon={<ChevronRightRegular />}
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => onPage(start + length)}
        />
      </div>
    </div>
  );
}
