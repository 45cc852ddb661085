import { Button, Select, Spinner, Text, makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { PAGE_SIZES } from './use-list-params';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
  },
  range: { color: tokens.colorNeutralForeground3, display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  buttons: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
});

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, e.g. "clients". */
  noun: string;
  onPage(page: number): void;
  /** With it, a "Rows per page" choice of PAGE_SIZES. */
  onPageSize?(size: number): void;
  /** Said after the range, e.g. "(filtered from 9,800)". */
  note?: string;
  /** The next page is on its way. */
  loading?: boolean;
  className?: string;
}

/** "21–40 of 57 clients", with previous and next page buttons (and the page size), under a server-paged table. */
export function ListPager({ page, pageSize, total, noun, onPage, onPageSize, note, loading, className }: ListPagerProps) {
  const styles = useStyles();
  const sizeId = useId('page-size');
  const number = (n: number) => n.toLocaleString('en-US');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={mergeClasses(styles.root, className)} aria-label={`Pages of ${noun}`}>
      <Text className={styles.range} aria-live="polite" data-testid="pager-range">
        {total === 0 ? `No ${noun}` : `${number(first)}–${number(last)} of ${number(total)} ${noun}`}
        {note && ` ${note}`}
        {loading && <Spinner size="extra-tiny" aria-label="Loading" />}
      </Text>
      <div className={styles.buttons}>
        {onPageSize && (
          <span className={styles.size}>
            <label htmlFor={sizeId}>Rows per page</label>
            <Select id={sizeId} size="small" value={String(pageSize)} onChange={(_event, data) => onPageSize(Number(data.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </span>
        )}
        <Text className={styles.range}>{`Page ${number(Math.min(page, pages))} of ${number(pages)}`}</Text>
        <Button icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page" />
        <Button icon={<ChevronRightRegular />} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page" />
      </div>
    </nav>
  );
}
