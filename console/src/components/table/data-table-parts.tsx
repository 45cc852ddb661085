import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useNavigate, type To } from 'react-router-dom';
import { ButtonLink } from '../navigation';
import type { ListPagerProps } from './list-pager';

/** One thing a row lets you do: a button (`onClick`) or a link inside the console (`to`). */
export interface DataTableAction {
  label: string;
  icon: ReactElement;
  onClick?(): void;
  to?: To;
  disabled?: boolean;
  /** Shown as a spinner in place of the icon while the action runs. */
  busy?: boolean;
  /** The accessible name when the label alone does not say which row (e.g. "Edit Ann Lee"). */
  ariaLabel?: string;
}

/** One column: its header (every column has one), its cell, and how it sorts, sizes and shows on a phone. */
export interface DataTableColumn<T, S extends string = string> {
  id: string;
  header: string;
  /** The cell as text: cut to one line, the whole text in a tooltip when it is cut (unless `wrap`). */
  text?(item: T): string;
  /** The cell when it is more than text (badges, links); wins over `text`. */
  render?(item: T): ReactNode;
  /** Long text wraps onto more lines instead of being cut (notes, descriptions). */
  wrap?: boolean;
  /** The server's sort field for this header; without it the header does not sort. */
  sort?: S;
  /** The first direction when this header is chosen (dates: newest first). */
  firstDir?: 'asc' | 'desc';
  /** Narrowest width in px a resize may give it (default 80). */
  minWidth?: number;
  /** Starting width in px; the columns then fit the table's width. */
  width?: number;
  /** Its place on a phone card: the title, the status beside it, a labelled line (default), or left out. */
  card?: 'title' | 'status' | 'line' | 'none';
  /**
   * The cell holds one control (a phone or email link): the arrow keys land on the control itself and the cell is
   * not a second target around it (a focusable cell the control covers is a target a few px wide, WCAG 2.5.8).
   */
  control?: boolean;
}

/** Ticking rows: a box on each row (named by `rowLabel`) and one in the header for every row shown. */
export interface DataTableSelection<T> {
  isSelected(item: T): boolean;
  /** Rows were ticked or unticked: one row, or every row shown from the header's box. */
  onChange(items: readonly T[], selected: boolean): void;
  /** The accessible name of a row's box ("Assign Ann Lee"). */
  rowLabel(item: T): string;
  /** The accessible name of the header's box ("Select every lead of this page"). */
  allLabel: string;
  /** The boxes show but cannot be ticked (e.g. until an agent is chosen). */
  disabled?: boolean;
}

/** The row that Shift+↑ / Shift+↓ moves to from a row, in the grid's order (header left out). */
function neighbourRow(row: HTMLElement, key: string): HTMLElement | null {
  let next = (key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
  while (next && next.getAttribute('role') !== 'row')
    next = (key === 'ArrowDown' ? next.nextElementSibling : next.previousElementSibling) as HTMLElement | null;
  return next;
}

/**
 * Selection by keyboard on a focused row: Space ticks or unticks it, Shift+↑ / Shift+↓ ticks it and the next row
 * and moves there, Ctrl+A (⌘A) ticks every row shown (the rows the list's search or filters left). Answers whether
 * the key was taken. Keys on the row's own controls (its box, its buttons) are theirs.
 */
export function selectionKey<T>(
  event: KeyboardEvent,
  selection: DataTableSelection<T>,
  item: T,
  items: readonly T[],
  itemOfRow: (row: HTMLElement) => T | undefined,
): boolean {
  const row = event.currentTarget as HTMLElement;
  if (selection.disabled || event.target !== row) return false;
  if (event.key === ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
    selection.onChange([item], !selection.isSelected(item));
    return true;
  }
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
    selection.onChange(items, true);
    return true;
  }
  if (event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    const next = neighbourRow(row, event.key);
    const nextItem = next ? itemOfRow(next) : undefined;
    if (!next || nextItem === undefined) return true;
    selection.onChange([item, nextItem], true);
    next.focus();
    return true;
  }
  return false;
}

/** The header's box: ticked when every row shown is, mixed when some are. */
export interface DataTableSort<S extends string> {
  column: S;
  dir: 'asc' | 'desc';
  /** A header was chosen: sort by it (the list's params decide the direction). */
  onSort(column: S, firstDir?: 'asc' | 'desc'): void;
}

export interface DataTableProps<T, S extends string = string> {
  /** The table's accessible name ("Clients"). */
  label: string;
  /** What a row is, plural ("clients"): the loading, error and pager texts use it. */
  noun: string;
  columns: readonly DataTableColumn<T, S>[];
  /** The rows of this page; undefined until the first answer. */
  items: readonly T[] | undefined;
  getRowId(item: T): string;
  /** A name for the row in its actions' labels ("More actions for Ann Lee"). */
  getRowName(item: T): string;
  loading?: boolean;
  /** A newer answer is on its way: the rows shown dim. */
  stale?: boolean;
  error?: unknown;
  onRetry?(): void;
  /** What an empty list says, and the next step (e.g. "Clear the search"). */
  empty: { text: ReactNode; icon?: ReactNode; action?: ReactNode };
  sort?: DataTableSort<S>;
  /** Server paging: the pager under the rows (left out when there is only the list). */
  paging?: Omit<ListPagerProps, 'noun'>;
  /** Clicking a row (or Enter on it) opens the item. */
  onRowClick?(item: T): void;
  actions?(item: T): DataTableAction[];
  /** How many actions show as buttons on a wide screen; the rest go in "⋯" (default: all). */
  inlineActions?: number;
  /** The inline actions as icons, each named by its tooltip (for rows with several long action names). */
  compactActions?: boolean;
  /** Starting width of the actions column in px. */
  actionsWidth?: number;
  /** Attributes of each row, e.g. data-testid. */
  rowAttributes?(item: T): Record<string, string>;
  /** A class of a row (a changed row, the chosen one, a totals row). */
  rowClassName?(item: T): string | undefined;
  /** A box on each row and in the header (on a phone, on each card). */
  selection?: DataTableSelection<T>;
  /** While the first answer loads: the columns over this many placeholder rows instead of a spinner. */
  placeholderRows?: number;
  /** Classes of the scroll box (e.g. to fill a full-screen dialog). */
  scrollClassName?: string;
  className?: string;
}

export function SelectAllBox<T>({
  selection,
  items,
  labelled,
}: {
  selection: DataTableSelection<T>;
  items: readonly T[];
  labelled?: boolean;
}) {
  const count = items.filter((item) => selection.isSelected(item)).length;
  return (
    <Checkbox
      aria-label={labelled ? undefined : selection.allLabel}
      label={labelled ? selection.allLabel : undefined}
      disabled={selection.disabled}
      checked={count === 0 ? false : count === items.length ? true : 'mixed'}
      onChange={(_event, data) => selection.onChange(items, data.checked === true)}
    />
  );
}

/** A row's box. */
export function SelectRowBox<T>({ selection, item }: { selection: DataTableSelection<T>; item: T }) {
  return (
    <Checkbox
      aria-label={selection.rowLabel(item)}
      disabled={selection.disabled}
      checked={!selection.disabled && selection.isSelected(item)}
      onChange={(_event, data) => selection.onChange([item], data.checked === true)}
    />
  );
}

const useStyles = makeStyles({
  truncate: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  wrap: { display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere', paddingBlock: tokens.spacingVerticalXS },
  actions: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS, flexWrap: 'nowrap' },
});

/** Text on one line; when it does not fit, the cut shows "…" and hovering shows the whole of it. */
export function TruncatedText({ text }: { text: string }) {
  const styles = useStyles();
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(false);
  return (
    <Tooltip
      content={text}
      relationship="inaccessible"
      visible={visible}
      onVisibleChange={(_event, data) => {
        const element = ref.current;
        setVisible(data.visible && !!element && element.scrollWidth > element.clientWidth);
      }}
    >
      <span ref={ref} className={styles.truncate}>
        {text}
      </span>
    </Tooltip>
  );
}

/** A column's cell: its own rendering, or its text cut (or wrapped) to the column's width. */
export function cellContent<T>(column: DataTableColumn<T, string>, item: T, wrapClass?: string): ReactNode {
  if (column.render) return column.render(item);
  const text = column.text?.(item) ?? '';
  return column.wrap ? <span className={wrapClass}>{text}</span> : <TruncatedText text={text} />;
}

export function useWrapClass() {
  return useStyles().wrap;
}

/** Whether a click landed on something of its own (a button, link or field) rather than on the row. */
export function isOwnControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  return !!target.closest('button, a, input, select, textarea, [role="menuitem"], [role="menu"]') && target !== event.currentTarget;
}

/** The "⋯" menu of a row: the actions that do not fit as buttons (on a phone, all of them). */
export function ActionsMenu({ actions, name }: { actions: readonly DataTableAction[]; name: string }) {
  const navigate = useNavigate();
  if (actions.length === 0) return null;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`More actions for ${name}`} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action) => (
            <MenuItem
              key={action.label}
              icon={action.busy ? <Spinner size="extra-tiny" /> : action.icon}
              disabled={action.disabled || action.busy}
              onClick={() => (action.to !== undefined ? navigate(action.to) : action.onClick?.())}
            >
              {action.label}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** A row's actions on a wide screen: the first `inline` as buttons (icons named by a tooltip when `compact`), the rest in "⋯". */
export function RowActions({
  actions,
  name,
  inline,
  compact,
}: {
  actions: readonly DataTableAction[];
  name: string;
  inline: number;
  compact?: boolean;
}) {
  const styles = useStyles();
  return (
    <span className={styles.actions}>
      {actions.slice(0, inline).map((action) =>
        action.to !== undefined ? (
          <ButtonLink key={action.label} to={action.to} size="small" appearance="subtle" icon={action.icon} aria-label={action.ariaLabel}>
            {action.label}
          </ButtonLink>
        ) : compact ? (
          <Tooltip key={action.label} content={action.label} relationship="label">
            <Button
              size="small"
              appearance="subtle"
              icon={action.busy ? <Spinner size="extra-tiny" /> : action.icon}
              disabled={action.disabled || action.busy}
              onClick={() => action.onClick?.()}
            />
          </Tooltip>
        ) : (
          <Button
            key={action.label}
            size="small"
            appearance="subtle"
            icon={action.busy ? <Spinner size="extra-tiny" /> : action.icon}
            disabled={action.disabled || action.busy}
            aria-label={action.ariaLabel}
            onClick={() => action.onClick?.()}
          >
            {action.label}
          </Button>
        ),
      )}
      <ActionsMenu actions={actions.slice(inline)} name={name} />
    </span>
  );
}
