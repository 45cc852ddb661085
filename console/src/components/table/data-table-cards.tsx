import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ActionsMenu, SelectAllBox, SelectRowBox, cellContent, isOwnControl, useWrapClass, type DataTableProps } from './data-table-parts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  clickable: { cursor: 'pointer', ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  title: { flexGrow: 1, minWidth: 0, fontWeight: tokens.fontWeightSemibold },
  status: { flexShrink: 0 },
  lines: { display: 'grid', gridTemplateColumns: 'minmax(90px, auto) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, minWidth: 0, fontSize: tokens.fontSizeBase300 },
  stale: { opacity: 0.6 },
  selectAll: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/** A phone's table: one card a row, its title and status first, its other columns as labelled lines, its actions in "⋯". */
export function DataTableCards<T, S extends string>(props: DataTableProps<T, S> & { items: readonly T[] }) {
  const styles = useStyles();
  const wrapClass = useWrapClass();
  const { columns, onRowClick, actions, selection } = props;
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  const status = columns.find((column) => column.card === 'status');
  const lines = columns.filter((column) => column !== title && column !== status && column.card !== 'none');
  return (
    <>
      {selection && (
        <div className={styles.selectAll}>
          <SelectAllBox selection={selection} items={props.items} labelled />
        </div>
      )}
      <ul className={mergeClasses(styles.list, props.stale && styles.stale)} aria-label={props.label} data-testid="table-cards">
        {props.items.map((item) => (
          <li
            key={props.getRowId(item)}
            className={mergeClasses(styles.card, onRowClick && styles.clickable, props.rowClassName?.(item))}
            tabIndex={onRowClick ? 0 : undefined}
            onClick={onRowClick ? (event) => !isOwnControl(event) && onRowClick(item) : undefined}
            onKeyDown={
              onRowClick
                ? (event) => {
                    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
                    // Handled here: the key's default would go on to click whatever takes focus in what opens (its ✕).
                    event.preventDefault();
                    onRowClick(item);
                  }
                : undefined
            }
            {...props.rowAttributes?.(item)}
          >
            <div className={styles.head}>
              {selection && <SelectRowBox selection={selection} item={item} />}
              <div className={styles.title}>{cellContent(title, item, wrapClass)}</div>
              {status && <div className={styles.status}>{cellContent(status, item, wrapClass)}</div>}
              {actions && <ActionsMenu actions={actions(item)} name={props.getRowName(item)} />}
            </div>
            {lines.length > 0 && (
              <dl className={styles.lines}>
                {lines.map((column) => (
                  <div key={column.id} style={{ display: 'contents' }}>
                    <dt className={styles.term}>{column.header}</dt>
                    <dd className={styles.value}>{cellContent(column, item, wrapClass)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
