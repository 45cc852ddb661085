import { useEffect, useRef, useState, type RefObject } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { BuildingRegular, CityRegular, GlobeRegular, LocationRegular, MapRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import type { Area, Borough, City, Country, GeographyLevel, State } from '@backoffice/contracts';
import { errorMessage, type ApiError } from '../../components/api';
import { useFormatMoney } from '../../components/config';
import { useNotify } from '../../components/feedback';
import { PageHeader } from '../../components/layout';
import { PageBreadcrumb } from '../../components/navigation';
import { useAreas, useBoroughs, useCities, useCountries, useReloadList, useStates } from './api';
import { LEVELS, SELECTABLE_LEVELS, formatRate, zipSummary, type RegionRecord, type SelectableLevel } from './geography-levels';
import { RegionColumn } from './region-column';
import { RegionFormDialog, type RegionDialogResult } from './region-form-dialog';

const useStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    // Narrower than a desktop, the five columns keep a readable width and scroll sideways, one at a time.
    '@media (max-width: 1023px)': {
      gridTemplateColumns: 'repeat(5, minmax(min(260px, 85%), 1fr))',
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

/** Shows an error toast when a list fails to load (once per failure, not once per render). */
function useLoadErrorToast(error: ApiError | undefined, what: string) {
  const notify = useNotify();
  const shown = useRef<ApiError | undefined>(undefined);
  useEffect(() => {
    if (error && !shown.current) notify.error(errorMessage(error), `Could not load the ${what}`);
    shown.current = error;
  }, [error, notify, what]);
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

/** The selected country, state, city and borough (kept in the URL) and the lists they open. */
function useGeographySelection() {
  const [params, setParams] = useSearchParams();

  const countries = useCountries();
  const country = countries.data?.find((c) => c.id === idParam(params.get('country'))) ?? null;
  const states = useStates(country?.id ?? null);
  const state = (country && states.data?.find((s) => s.id === idParam(params.get('state')))) || null;
  const cities = useCities(state?.id ?? null);
  const city = (state && cities.data?.find((c) => c.id === idParam(params.get('city')))) || null;
  const boroughs = useBoroughs(city?.id ?? null);
  const borough = (city && boroughs.data?.find((b) => b.id === idParam(params.get('borough')))) || null;
  const areas = useAreas(borough?.id ?? null);

  useLoadErrorToast(countries.error, 'countries');
  useLoadErrorToast(states.error, 'states');
  useLoadErrorToast(cities.error, 'cities');
  useLoadErrorToast(boroughs.error, 'boroughs');
  useLoadErrorToast(areas.error, 'areas');

  /** Selects `id` at `level` (0 clears it) and clears the selection of every level below. */
  const select = (level: SelectableLevel, id: number) => {
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

  return { params, select, countries, country, states, state, cities, city, boroughs, borough, areas };
}

/**
 * The geography manager (/admin/countries): countries, then the states, cities, boroughs and areas of
 * the current selection. Selecting an item loads its children and clears every selection below it;
 * the selection lives in the URL (?country=&state=&city=&borough=), so a reload keeps it.
 */
export default function GeographyScreen() {
  const styles = useStyles();
  const money = useFormatMoney();
  const reload = useReloadList();
  const [editing, setEditing] = useState<Editing | null>(null);
  const { params, select, countries, country, states, state, cities, city, boroughs, borough, areas } = useGeographySelection();
  // The column a selection opens: on a phone it scrolls into view.
  const columnsRef = useRef<HTMLDivElement>(null);
  useScrollToColumn(columnsRef, borough ? 'area' : city ? 'borough' : state ? 'city' : country ? 'state' : 'country');

  const closeDialog = (result: RegionDialogResult | null) => {
    const current = editing;
    setEditing(null);
    if (!current) return;
    void reload(current.level, current.parentId);
    // A deleted record that was selected: clear it, and with it the lists below.
    if (result && result.record === null && current.record && current.level !== 'area') {
      const level = current.level as SelectableLevel;
      if (idParam(params.get(level)) === current.record.id) select(level, 0);
    }
  };

  const taxText = (rate: number | null, inherited: number | null, topLevel = false) => {
    if (rate !== null) return `Tax ${formatRate(rate)}`;
    if (inherited !== null) return `Tax ${formatRate(inherited)} (inherited)`;
    return topLevel ? 'No tax rate' : 'Tax not set';
  };

  const inherited = {
    country: null,
    state: firstRate(country),
    city: firstRate(state, country),
    borough: firstRate(city, state, country),
    area: firstRate(borough, city, state, country),
  } satisfies Record<GeographyLevel, number | null>;

  const edit = (level: GeographyLevel, parentId: number | null, parentName: string | undefined) => (record?: RegionRecord) =>
    setEditing({ level, record, parentId, parentName, inheritedRate: inherited[level] });

  /** What a column takes from its list, and the dialog it opens under `parent` (null for the countries). */
  const listed = <T extends RegionRecord>(level: GeographyLevel, list: SWRResponse<T[], ApiError>, parent: RegionRecord | null) => ({
    config: LEVELS[level],
    items: list.data,
    isLoading: list.isLoading,
    error: list.error,
    onRetry: () => void list.mutate(),
    onEdit: edit(level, parent?.id ?? null, parent?.name),
    onAdd: () => edit(level, parent?.id ?? null, parent?.name)(),
  });

  /** A column below the countries: a hint until its parent is selected, then the parent's records ("in New York"). */
  const below = <T extends RegionRecord>(level: GeographyLevel, list: SWRResponse<T[], ApiError>, parent: RegionRecord | null) => ({
    ...listed(level, list, parent),
    enabled: !!parent,
    placeholder: `Select a ${LEVELS[level].parent} to see its ${LEVELS[level].title.toLowerCase()}.`,
    context: parent ? `in ${parent.name}` : undefined,
  });

  /** The selection of a column whose records open the level below. */
  const selection = (level: SelectableLevel, selected: RegionRecord | null) => ({
    selectedId: selected?.id ?? 0,
    onSelect: (item: RegionRecord) => select(level, item.id),
    onClearSelection: () => select(level, 0),
  });

  return (
    <>
      <PageHeader
        title="Countries"
        description="Tax rates and shipping fees by country, state, city, borough and area. Select an item to see what lies below it."
        breadcrumb={selectionBreadcrumb([country, state, city, borough])}
      />
      <div className={styles.columns} ref={columnsRef}>
        <RegionColumn<Country>
          {...listed('country', countries, null)}
          {...selection('country', country)}
          enabled
          placeholder=""
          describe={(item) => taxText(item.taxRate, null, true)}
          icon={<GlobeRegular />}
        />
        <RegionColumn<State>
          key={`states-${country?.id ?? 0}`}
          {...below('state', states, country)}
          {...selection('state', state)}
          describe={(item) => taxText(item.taxRate, inherited.state)}
          icon={<MapRegular />}
        />
        <RegionColumn<City>
          key={`cities-${state?.id ?? 0}`}
          {...below('city', cities, state)}
          {...selection('city', city)}
          describe={(item) => `${taxText(item.taxRate, inherited.city)} · Shipping ${money(item.shippingFee)}`}
          icon={<CityRegular />}
        />
        <RegionColumn<Borough>
          key={`boroughs-${city?.id ?? 0}`}
          {...below('borough', boroughs, city)}
          {...selection('borough', borough)}
          describe={(item) =>
            `${taxText(item.taxRate, inherited.borough)} · ${item.zipCodes ? zipSummary(item.zipCodes, 2) : 'No zip codes'}`
          }
          icon={<BuildingRegular />}
        />
        <RegionColumn<Area>
          key={`areas-${borough?.id ?? 0}`}
          {...below('area', areas, borough)}
          describe={(item) => `${taxText(item.taxRate, inherited.area)} · ${item.zipCodes ? zipSummary(item.zipCodes, 2) : 'No zip codes'}`}
          icon={<LocationRegular />}
        />
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
