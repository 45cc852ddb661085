import { useEffect, useRef, useState, type RefObject } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { GEOGRAPHY_LEVELS, type GeographyLevel } from '@backoffice/contracts';
import { errorMessage, type ApiError } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { PageBreadcrumb } from '../../components/navigation';
import { useRegions, useReloadList } from './api';
import { LEVELS, SELECTABLE_LEVELS, formatRate, zipSummary, type RegionRecord } from './geography-levels';
import { RegionColumn } from './region-column';
import { RegionFormDialog, type RegionDialogResult } from './region-form-dialog';

/** One column a level: side by side on a desktop; narrower, each keeps a readable width and they scroll sideways, one at a time. */
const COLUMN_COUNT = GEOGRAPHY_LEVELS.length;
const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: `repeat(${COLUMN_COUNT}, minmax(0, 1fr))`,
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '@media (max-width: 1023px)': {
      gridTemplateColumns: `repeat(${COLUMN_COUNT}, minmax(min(260px, 85%), 1fr))`,
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      paddingBottom: tokens.spacingVerticalS,
      '& > *': { scrollSnapAlign: 'start' },
    },
  },
});

/** The id a search parameter holds, 0 when absent or not an id. */
function idParam(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * The selection as a breadcrumb: Countries, then every selected level as a link to the selection up to it;
 * the deepest selected level is the current one. Undefined while nothing is selected.
 */
function selectionBreadcrumb(selected: readonly ({ id: number; name: string } | null)[]) {
  const path = selected.filter((item): item is { id: number; name: string } => item !== null);
  if (!path.length) return undefined;
  const trail = path.slice(0, -1).map((item, index) => {
    const query = new URLSearchParams(path.slice(0, index + 1).map((level, i) => [SELECTABLE_LEVELS[i], String(level.id)]));
    return { label: item.name, to: `/admin/countries?${query.toString()}` };
  });
  return (
    <PageBreadcrumb
      label="Selected region"
      trail={[{ label: 'Countries', to: '/admin/countries' }, ...trail]}
      current={path[path.length - 1].name}
    />
  );
}

/** Shows an error toast when a level's list fails to load (once per failure, not once per render). */
function useLoadErrorToasts(columns: readonly Column[]) {
  const notify = useNotify();
  const shown = useRef(new Map<GeographyLevel, ApiError | undefined>());
  const failures = columns.map(({ level, list }) => [level, list.error] as const);
  useEffect(() => {
    for (const [level, error] of failures) {
      if (error && !shown.current.get(level)) notify.error(errorMessage(error), `Could not load the ${LEVELS[level].title.toLowerCase()}`);
      shown.current.set(level, error);
    }
  }, [failures, notify]);
}

/** A level's column: its list (under the parent selected above it) and its selected record. */
interface Column {
  level: GeographyLevel;
  list: SWRResponse<RegionRecord[], ApiError>;
  selected: RegionRecord | null;
}

interface Editing {
  level: GeographyLevel;
  record?: RegionRecord;
  parentId: number | null;
  parentName?: string;
  inheritedRate: number | null;
}

/** The first rate found going up from the nearest level; null when none of them has one. */
function firstRate(...levels: ({ taxRate: number | null } | null | undefined)[]): number | null {
  for (const level of levels) if (level && level.taxRate !== null) return level.taxRate;
  return null;
}

/** Where the columns scroll sideways (narrower than a desktop), brings the column of `level` into view when it changes. */
function useScrollToColumn(columnsRef: RefObject<HTMLDivElement | null>, level: GeographyLevel) {
  useEffect(() => {
    const container = columnsRef.current;
    const column = container?.querySelector<HTMLElement>(`[data-testid="column-${level}"]`);
    if (!container || !column || container.scrollWidth <= container.clientWidth) return;
    const left = container.scrollLeft + column.getBoundingClientRect().left - container.getBoundingClientRect().left;
    container.scrollTo({ left, behavior: 'smooth' });
  }, [columnsRef, level]);
}

/** The selection of every level but the last (kept in the URL) and the lists it opens, one column a level, top down. */
function useGeographySelection() {
  const [params, setParams] = useSearchParams();
  const selectedIn = (level: GeographyLevel, list: SWRResponse<RegionRecord[], ApiError>, parentSelected: boolean) =>
    (parentSelected && list.data?.find((record) => record.id === idParam(params.get(level)))) || null;

  // One list a level (hooks cannot run in a loop); each waits for the selection above it.
  const countries = useRegions('country', null);
  const country = selectedIn('country', countries, true);
  const states = useRegions('state', country?.id ?? null);
  const state = selectedIn('state', states, !!country);
  const cities = useRegions('city', state?.id ?? null);
  const city = selectedIn('city', cities, !!state);
  const boroughs = useRegions('borough', city?.id ?? null);
  const borough = selectedIn('borough', boroughs, !!city);
  const areas = useRegions('area', borough?.id ?? null);
  const columns: Column[] = [
    { level: 'country', list: countries, selected: country },
    { level: 'state', list: states, selected: state },
    { level: 'city', list: cities, selected: city },
    { level: 'borough', list: boroughs, selected: borough },
    { level: 'area', list: areas, selected: null },
  ];
  useLoadErrorToasts(columns);

  /** Selects `id` at `level` (0 clears it) and clears the selection of every level below. */
  const select = (level: GeographyLevel, id: number) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        SELECTABLE_LEVELS.slice(SELECTABLE_LEVELS.indexOf(level)).forEach((l) => next.delete(l));
        if (id) next.set(level, String(id));
        return next;
      },
      { replace: true },
    );
  };

  return { params, select, columns };
}

/**
 * The geography manager (/admin/countries): one column a level of GEOGRAPHY_LEVELS, countries first. Selecting an
 * item loads its children and clears every selection below it; the selection lives in the URL
 * (?country=&state=&city=&borough=), so a reload keeps it.
 */
export default function GeographyScreen() {
  const styles = useStyles();
  const money = useFormatMoney();
  const reload = useReloadList();
  const [editing, setEditing] = useState<Editing | null>(null);
  const { params, select, columns } = useGeographySelection();
  // The column a selection opens (the one below the deepest selected): on a phone it scrolls into view.
  const columnsRef = useRef<HTMLDivElement>(null);
  const opened = columns.findLastIndex((column) => column.selected) + 1;
  useScrollToColumn(columnsRef, GEOGRAPHY_LEVELS[Math.min(opened, COLUMN_COUNT - 1)]);

  const closeDialog = (result: RegionDialogResult | null) => {
    const current = editing;
    setEditing(null);
    if (!current) return;
    void reload(current.level, current.parentId);
    // A deleted record that was selected: clear it, and with it the lists below.
    if (result && result.record === null && current.record && SELECTABLE_LEVELS.includes(current.level)) {
      if (idParam(params.get(current.level)) === current.record.id) select(current.level, 0);
    }
  };

  const taxText = (rate: number | null, inherited: number | null, topLevel: boolean) => {
    if (rate !== null) return `Tax ${formatRate(rate)}`;
    if (inherited !== null) return `Tax ${formatRate(inherited)} (inherited)`;
    return topLevel ? 'No tax rate' : 'Tax not set';
  };
  /** The rate each level inherits: the first one set going up through the selection above it. */
  const inherited = columns.map((_, index) =>
    firstRate(
      ...columns
        .slice(0, index)
        .map((column) => column.selected)
        .reverse(),
    ),
  );

  /** A record's line under its name: its tax, then its shipping fee or zip codes where its level has them. */
  const describe = (index: number) => (item: RegionRecord) => {
    const { fields } = LEVELS[columns[index].level];
    const parts = [taxText(item.taxRate, inherited[index], index === 0)];
    if (fields.includes('shippingFee') && 'shippingFee' in item) parts.push(`Shipping ${money(item.shippingFee)}`);
    if (fields.includes('zipCodes') && 'zipCodes' in item) parts.push(item.zipCodes ? zipSummary(item.zipCodes, 2) : 'No zip codes');
    return parts.join(' · ');
  };

  /** A column's props: its list, the dialog it opens under the parent selected above it, and its selection. */
  const columnProps = ({ level, list, selected }: Column, index: number) => {
    const parent = index > 0 ? columns[index - 1].selected : null;
    const edit = (record?: RegionRecord) =>
      setEditing({ level, record, parentId: parent?.id ?? null, parentName: parent?.name, inheritedRate: inherited[index] });
    const config = LEVELS[level];
    return {
      config,
      items: list.data,
      isLoading: list.isLoading,
      error: list.error,
      onRetry: () => void list.mutate(),
      onEdit: edit,
      onAdd: () => edit(),
      enabled: index === 0 || !!parent,
      // Below the countries: a hint until the parent is selected, then the parent's records ("in New York").
      placeholder: index === 0 ? '' : `Select a ${config.parent} to see its ${config.title.toLowerCase()}.`,
      context: parent ? `in ${parent.name}` : undefined,
      describe: describe(index),
      ...(SELECTABLE_LEVELS.includes(level) && {
        selectedId: selected?.id ?? 0,
        onSelect: (item: RegionRecord) => select(level, item.id),
        onClearSelection: () => select(level, 0),
      }),
    };
  };

  const nouns = GEOGRAPHY_LEVELS.map((level) => LEVELS[level].noun);
  return (
    <>
      <PageHeader
        title="Countries"
        description={`Tax rates and shipping fees by ${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}. Select an item to see what lies below it.`}
        breadcrumb={selectionBreadcrumb(columns.map((column) => column.selected))}
      />
      <div className={styles.columns} ref={columnsRef}>
        {columns.map((column, index) => {
          const Icon = LEVELS[column.level].icon;
          const parentId = index > 0 ? (columns[index - 1].selected?.id ?? 0) : 0;
          return <RegionColumn key={`${column.level}-${parentId}`} {...columnProps(column, index)} icon={<Icon />} />;
        })}
      </div>
      {editing && (
        <RegionFormDialog
          config={LEVELS[editing.level]}
          record={editing.record}
          parentId={editing.parentId}
          parentName={editing.parentName}
          inheritedRate={editing.inheritedRate}
          onClose={closeDialog}
        />
      )}
    </>
  );
}
