import { useMemo, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  CounterBadge,
  SearchBox,
  Spinner,
  Text,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, ChevronRightRegular, EditRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { errorMessage, type ApiError } from '../../components/api';
import { EmptyState } from '../../components/feedback';
import type { LevelConfig, RegionRecord } from './geography-levels';

const useStyles = makeStyles({
  column: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    height: 'calc(100vh - 230px)',
    minHeight: '360px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  header: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { display: 'flex', flexDirection: 'column', minWidth: 0, rowGap: tokens.spacingVerticalXXS },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  title: { margin: 0 },
  context: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  filter: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} 0`, maxWidth: 'none' },
  body: { flexGrow: 1, overflowY: 'auto', padding: tokens.spacingVerticalXS },
  placeholder: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '100%',
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  error: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    textAlign: 'center',
    color: tokens.colorPaletteRedForeground1,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: '2px' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS} ${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `3px solid transparent`,
    cursor: 'default',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  clickable: { cursor: 'pointer' },
  selected: {
    backgroundColor: tokens.colorBrandBackground2,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  itemText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  noMatch: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** A column shows a filter box once it holds more than this many items. */
const FILTER_FROM = 8;

export interface RegionColumnProps<T extends RegionRecord> {
  config: LevelConfig;
  /** False while the level above has no selection: the column shows `placeholder` and cannot add. */
  enabled: boolean;
  placeholder: string;
  /** Where the list sits, e.g. "in New York". */
  context?: string;
  items: T[] | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  onRetry(): void;
  /** The selected record's id, 0 when none. */
  selectedId?: number;
  /** Absent for the last level (edit only). */
  onSelect?(item: T): void;
  /** Clears the selection (an id of 0), which clears the lists below. */
  onClearSelection?(): void;
  onEdit(item: T): void;
  onAdd(): void;
  /** The second line of an item: rates, fees, zips. */
  describe(item: T): ReactNode;
  icon: ReactNode;
}

function matches(item: RegionRecord, term: string): boolean {
  const r = item as RegionRecord & { shortName?: string; zipCodes?: string };
  const t = term.toLowerCase();
  return (
    r.name.toLowerCase().includes(t) ||
    (r.shortName ?? '').toLowerCase() === t ||
    (r.zipCodes ?? '')
      .toLowerCase()
      .split(',')
      .some((zip) => zip.startsWith(t))
  );
}

/** One column of the geography manager: its records with edit and select buttons, and an add button. */
export function RegionColumn<T extends RegionRecord>(props: RegionColumnProps<T>) {
  const { config, enabled, placeholder, context, items, isLoading, error, onRetry, selectedId = 0 } = props;
  const { onSelect, onClearSelection, onEdit, onAdd, describe, icon } = props;
  const styles = useStyles();
  const [filter, setFilter] = useState('');
  const titleId = `geography-${config.level}-title`;
  const visible = useMemo(() => (items && filter.trim() ? items.filter((item) => matches(item, filter.trim())) : items), [items, filter]);

  let body: ReactNode;
  if (!enabled) {
    body = <div className={styles.placeholder}>{placeholder}</div>;
  } else if (error && !items) {
    body = (
      <div className={styles.error} role="alert">
        <ErrorCircleRegular fontSize={32} />
        <Text>{errorMessage(error)}</Text>
        <Button size="small" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  } else if (isLoading && !items) {
    body = (
      <div className={styles.placeholder}>
        <Spinner size="small" label={`Loading ${config.title.toLowerCase()}…`} />
      </div>
    );
  } else if (!items || items.length === 0) {
    body = <EmptyState icon={icon} text={`No ${config.title.toLowerCase()} yet. Use Add to create one.`} />;
  } else {
    body = (
      <ul className={styles.list} aria-labelledby={titleId}>
        {visible?.map((item) => {
          const selected = item.id === selectedId;
          const shortName = (item as { shortName?: string }).shortName;
          const meta = describe(item);
          return (
            <li
              key={item.id}
              className={mergeClasses(styles.item, onSelect && styles.clickable, selected && styles.selected)}
              aria-current={selected ? 'true' : undefined}
              data-testid={`${config.level}-item`}
              data-selected={selected ? 'true' : undefined}
              onClick={onSelect ? () => onSelect(item) : undefined}
            >
              <div className={styles.itemText}>
                <span className={styles.nameRow}>
                  <Text weight={selected ? 'semibold' : 'regular'} className={styles.name} title={item.name}>
                    {item.name}
                  </Text>
                  {shortName && (
                    <Badge appearance="tint" color="informative" size="small">
                      {shortName}
                    </Badge>
                  )}
                </span>
                <Text size={200} className={styles.meta} title={typeof meta === 'string' ? meta : undefined}>
                  {meta}
                </Text>
              </div>
              <Button
                appearance="subtle"
                size="small"
                icon={<EditRegular />}
                aria-label={`Edit ${item.name}`}
                title={`Edit ${config.noun}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onEdit(item);
                }}
              />
              {onSelect && (
                <ToggleButton
                  appearance="subtle"
                  size="small"
                  checked={selected}
                  icon={<ChevronRightRegular />}
                  aria-label={`Select ${item.name}`}
                  title={selected ? 'Selected: press to clear the selection' : `Select this ${config.noun}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    if (selected) onClearSelection?.();
                    else onSelect(item);
                  }}
                />
              )}
            </li>
          );
        })}
        {visible?.length === 0 && <li className={styles.noMatch}>Nothing matches “{filter.trim()}”.</li>}
      </ul>
    );
  }

  return (
    <section className={styles.column} aria-labelledby={titleId} data-testid={`column-${config.level}`}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <span className={styles.titleRow}>
            <Text as="h2" id={titleId} size={400} weight="semibold" className={styles.title}>
              {config.title}
            </Text>
            {enabled && items && items.length > 0 && (
              <CounterBadge count={items.length} size="small" appearance="ghost" color="informative" overflowCount={9999} />
            )}
          </span>
          <Text size={200} className={styles.context} title={context}>
            {enabled ? (context ?? '\u00a0') : '\u00a0'}
          </Text>
        </div>
        <Button size="small" icon={<AddRegular />} onClick={onAdd} disabled={!enabled} aria-label={`Add ${config.noun}`}>
          Add
        </Button>
      </header>
      {enabled && items && items.length > FILTER_FROM && (
        <SearchBox
          className={styles.filter}
          size="small"
          placeholder={config.fields.includes('zipCodes') ? 'Filter by name or zip' : 'Filter by name'}
          aria-label={`Filter ${config.title.toLowerCase()}`}
          value={filter}
          onChange={(_, data) => setFilter(data.value)}
        />
      )}
      <div className={styles.body}>{body}</div>
    </section>
  );
}
