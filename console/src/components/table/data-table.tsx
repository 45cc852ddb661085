import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  Button,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  createTableColumn,
  makeStyles,
  mergeClasses,
  tokens,
  type TableColumnDefinition,
  type TableColumnId,
  type TableColumnSizingOptions,
} from '@fluentui/react-components';
import { errorMessage } from '../api';
import { EmptyState, PageSpinner } from '../feedback';
import { usePhone } from '../layout/use-phone';
import { DataTableCards } from './data-table-cards';
import {
  RowActions,
  SelectAllBox,
  SelectRowBox,
  cellContent,
  isOwnControl,
  selectionKey,
  useWrapClass,
  type DataTableProps,
} from './data-table-parts';
import { ListPager } from './list-pager';

export type { DataTableAction, DataTableColumn, DataTableProps, DataTableSelection, DataTableSort } from './data-table-parts';

const ACTIONS = '__actions';
/** Tabster's event before Enter moves focus into a row's cells (`TabsterMoveFocusEventName`); preventing it keeps Enter for the row. */
const TABSTER_MOVE_FOCUS = 'tabster:movefocus';
const SELECT = '__select';

const useStyles = makeStyles({
  surface: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  // The rows scroll under a header that stays in place; wide columns scroll inside this box, never the page.
  scroll: { overflow: 'auto', maxHeight: 'calc(100dvh - 220px)', minHeight: '120px' },
  // A link in a clickable row is a target inside a target: at least 24 px tall, as WCAG 2.5.8 asks (axe target-size).
  grid: { minWidth: '100%', '& [role="gridcell"] a[href]': { display: 'inline-block', minHeight: '24px', lineHeight: '24px' } },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `inset 0 -1px 0 ${tokens.colorNeutralStroke2}`,
  },
  headerCell: { fontWeight: tokens.fontWeightSemibold },
  clickable: { cursor: 'pointer' },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
  pager: { padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM}` },
  message: { margin: tokens.spacingHorizontalM },
  placeholder: { width: '100%' },
});

/**
 * The console's one table: column definitions, server sorting, a sticky header, cells cut with a tooltip,
 * resizable columns, the one pager, a row click that opens the item, loading / error / empty states that
 * say which, and below 640 px stacked cards (title and status first, the actions in a "⋯" menu).
 */
export function DataTable<T, S extends string = string>(props: DataTableProps<T, S>) {
  const styles = useStyles();
  const phone = usePhone();
  const { items, loading, error, noun, onRetry, paging } = props;

  let body: ReactNode;
  if (!items && loading && props.placeholderRows) {
    body = <Placeholder {...props} />;
  } else if (!items && (loading || !error)) {
    body = <PageSpinner label={`Loading ${noun}…`} />;
  } else if (!items) {
    body = (
      <MessageBar intent="error" className={styles.message} data-testid="table-error">
        <MessageBarBody>
          <MessageBarTitle>{`Could not load the ${noun}`}</MessageBarTitle>
          {errorMessage(error)}
        </MessageBarBody>
        {onRetry && (
          <MessageBarActions>
            <Button onClick={onRetry}>Try again</Button>
          </MessageBarActions>
        )}
      </MessageBar>
    );
  } else if (items.length === 0) {
    body = <EmptyState icon={props.empty.icon} text={props.empty.text} action={props.empty.action} />;
  } else {
    body = phone ? <DataTableCards {...props} items={items} /> : <Grid {...props} items={items} />;
  }

  return (
    <section className={mergeClasses(styles.surface, props.className)} aria-label={props.label} aria-busy={loading || props.stale}>
      {items && error !== undefined && error !== null && (
        <MessageBar intent="warning" className={styles.message}>
          <MessageBarBody>{`Could not refresh the ${noun}: ${errorMessage(error)}`}</MessageBarBody>
        </MessageBar>
      )}
      {body}
      {paging && items && items.length > 0 && (
        <div className={styles.pager}>
          <ListPager {...paging} noun={noun} />
        </div>
      )}
    </section>
  );
}

/** The loading state of a table whose shape matters (a report): its headers over rows of placeholders. */
function Placeholder<T, S extends string>(props: DataTableProps<T, S>) {
  const styles = useStyles();
  const rows = Array.from({ length: props.placeholderRows ?? 0 }, (_, index) => index);
  const skeleton = (
    <Skeleton className={styles.placeholder} aria-label="Loading">
      <SkeletonItem size={16} />
    </Skeleton>
  );
  return (
    <div className={styles.scroll}>
      <DataGrid
        items={rows}
        columns={props.columns.map((column) =>
          createTableColumn<number>({ columnId: column.id, renderHeaderCell: () => column.header, renderCell: () => skeleton }),
        )}
        aria-label={`Loading the ${props.noun}`}
      >
        <DataGridHeader className={styles.header}>
          <DataGridRow>
            {({ renderHeaderCell }) => <DataGridHeaderCell className={styles.headerCell}>{renderHeaderCell()}</DataGridHeaderCell>}
          </DataGridRow>
        </DataGridHeader>
        <DataGridBody<number>>
          {({ item, rowId }) => (
            <DataGridRow<number> key={rowId} data-testid="placeholder-row">
              {({ renderCell }) => <DataGridCell>{renderCell(item)}</DataGridCell>}
            </DataGridRow>
          )}
        </DataGridBody>
      </DataGrid>
    </div>
  );
}

function Grid<T, S extends string>(props: DataTableProps<T, S> & { items: readonly T[] }) {
  const styles = useStyles();
  const wrapClass = useWrapClass();
  const { columns, actions, sort, onRowClick, getRowId, getRowName, rowAttributes, inlineActions, selection, items } = props;

  const definitions = useMemo(() => {
    const list: TableColumnDefinition<T>[] = [];
    if (selection) {
      list.push(
        createTableColumn<T>({
          columnId: SELECT,
          renderHeaderCell: () => <SelectAllBox selection={selection} items={items} />,
          renderCell: (item) => <SelectRowBox selection={selection} item={item} />,
        }),
      );
    }
    for (const column of columns) {
      list.push(
        createTableColumn<T>({
          columnId: column.id,
          // A header with a server sort field sorts; the rows keep the server's order (compare says "equal").
          compare: column.sort ? (_a: T, _b: T) => 0 : undefined,
          renderHeaderCell: () => column.header,
          renderCell: (item) => cellContent(column, item, wrapClass),
        }),
      );
    }
    if (actions) {
      list.push(
        createTableColumn<T>({
          columnId: ACTIONS,
          renderHeaderCell: () => 'Actions',
          renderCell: (item) => (
            <RowActions actions={actions(item)} name={getRowName(item)} inline={inlineActions ?? Infinity} compact={props.compactActions} />
          ),
        }),
      );
    }
    return list;
  }, [columns, actions, wrapClass, getRowName, inlineActions, props.compactActions, selection, items]);

  const sizing = useMemo(() => {
    // The boxes' column stays narrow: a box, never a resize handle's worth of text.
    const options: TableColumnSizingOptions = { [SELECT]: { minWidth: 44, idealWidth: 44, defaultWidth: 44 } };
    for (const column of columns) {
      options[column.id] = { minWidth: column.minWidth ?? 80, idealWidth: column.width ?? 160, defaultWidth: column.width ?? 160 };
    }
    // The actions keep their width: a cut-off button is worse than a narrower text column.
    const actionsWidth = props.actionsWidth ?? 200;
    if (actions) options[ACTIONS] = { minWidth: actionsWidth, idealWidth: actionsWidth, defaultWidth: actionsWidth };
    return options;
  }, [columns, actions, props.actionsWidth]);

  // A row element's item, for Shift+↑ / Shift+↓ (the rows carry their id).
  const itemOfRow = (row: HTMLElement) => items.find((item) => getRowId(item) === row.dataset.rowId);

  const controlColumns = useMemo(
    () => new Set<TableColumnId>(columns.filter((column) => column.control).map((column) => column.id)),
    [columns],
  );

  const sortColumn = sort ? columns.find((column) => column.sort === sort.column)?.id : undefined;

  // Enter on a row opens it: the grid's focus manager would otherwise take Enter to step into the row's cells
  // (and stop the key there). It asks first with an event (bubbling up to here) that the row may refuse.
  const scrollRef = useRef<HTMLDivElement>(null);
  const opensRows = !!onRowClick;
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || !opensRows) return;
    const keepEnter = (event: Event) => {
      const related = (event as CustomEvent<{ relatedEvent?: Event }>).detail?.relatedEvent;
      const row = event.target as HTMLElement;
      if (related instanceof KeyboardEvent && related.key === 'Enter' && related.target === row && row.getAttribute('role') === 'row') {
        event.preventDefault();
      }
    };
    box.addEventListener(TABSTER_MOVE_FOCUS, keepEnter);
    return () => box.removeEventListener(TABSTER_MOVE_FOCUS, keepEnter);
  }, [opensRows]);

  return (
    <div ref={scrollRef} className={mergeClasses(styles.scroll, props.stale && styles.stale, props.scrollClassName)}>
      <DataGrid
        className={styles.grid}
        items={props.items as T[]}
        columns={definitions}
        getRowId={(item: T) => getRowId(item)}
        sortable={!!sort}
        sortState={sortColumn ? { sortColumn, sortDirection: sort!.dir === 'asc' ? 'ascending' : 'descending' } : undefined}
        onSortChange={(_event, state) => {
          const column = columns.find((candidate) => candidate.id === state.sortColumn);
          if (column?.sort) sort?.onSort(column.sort, column.firstDir);
        }}
        resizableColumns
        columnSizingOptions={sizing}
        focusMode="composite"
        aria-label={props.label}
      >
        <DataGridHeader className={styles.header}>
          <DataGridRow>
            {({ renderHeaderCell }) => <DataGridHeaderCell className={styles.headerCell}>{renderHeaderCell()}</DataGridHeaderCell>}
          </DataGridRow>
        </DataGridHeader>
        <DataGridBody<T>>
          {({ item, rowId }) => (
            <DataGridRow<T>
              key={rowId}
              className={mergeClasses(onRowClick && styles.clickable, props.rowClassName?.(item))}
              onClick={onRowClick ? (event: MouseEvent) => !isOwnControl(event) && onRowClick(item) : undefined}
              aria-selected={selection ? !selection.disabled && selection.isSelected(item) : undefined}
              data-row-id={getRowId(item)}
              onKeyDown={(event: KeyboardEvent) => {
                if (selection && selectionKey(event, selection, item, items, itemOfRow)) {
                  event.preventDefault();
                  event.stopPropagation();
                } else if (onRowClick && event.key === 'Enter' && event.target === event.currentTarget) {
                  // Handled here: the key's default would go on to click whatever takes focus in what opens (its ✕).
                  event.preventDefault();
                  onRowClick(item);
                }
              }}
              {...rowAttributes?.(item)}
            >
              {({ renderCell, columnId }) => (
                <DataGridCell focusMode={controlColumns.has(columnId) ? 'none' : 'cell'}>{renderCell(item)}</DataGridCell>
              )}
            </DataGridRow>
          )}
        </DataGridBody>
      </DataGrid>
    </div>
  );
}
