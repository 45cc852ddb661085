import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
  },
  range: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, e.g. "clients". */
  noun: string;
  onPage(page: number): void;
}

/** "21–40 of 57 clients", with previous and next page buttons, under a server-paged table. */
export function ListPager({ page, pageSize, total, noun, onPage }: ListPagerProps) {
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.root} aria-label={`Pages of ${noun}`}>
      <Text className={styles.range} aria-live="polite" data-testid="pager-range">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      <div className={styles.buttons}>
        <Text className={styles.range}>
          Page {Math.min(page, pages)} of {pages}
        </Text>
        <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
        <Button icon={<ChevronRightRegular />} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page" />
      </div>
    </nav>
  );
}
