import { useEffect, useRef, useState, type RefObject } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { BuildingRegular, CityRegular, GlobeRegular, LocationRegular, MapRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
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

  return (
    <>
      <PageHeader
        title="Countries"
        description="Tax rates and shipping fees by country, state, city, borough and area. Select an item to see what lies below it."
        breadcrumb={selectionBreadcrumb([country, state, city, borough])}
      />
      <div className={styles.columns} ref={columnsRef}>
        <RegionColumn<Country>
          config={LEVELS.country}
          enabled
          placeholder=""
          items={countries.data}
          isLoading={countries.isLoading}
          error={countries.error}
          onRetry={() => void countries.mutate()}
          selectedId={country?.id ?? 0}
          onSelect={(item) => select('country', item.id)}
          onClearSelection={() => select('country', 0)}
          onEdit={edit('country', null, undefined)}
          onAdd={() => edit('country', null, undefined)()}
          describe={(item) => taxText(item.taxRate, null, true)}
          icon={<GlobeRegular />}
        />
        <RegionColumn<State>
          key={`states-${country?.id ?? 0}`}
          config={LEVELS.state}
          enabled={!!country}
          placeholder="Select a country to see its states."
          context={country ? `in ${country.name}` : undefined}
          items={states.data}
          isLoading={states.isLoading}
          error={states.error}
          onRetry={() => void states.mutate()}
          selectedId={state?.id ?? 0}
          onSelect={(item) => select('state', item.id)}
          onClearSelection={() => select('state', 0)}
          onEdit={edit('state', country?.id ?? null, country?.name)}
          onAdd={() => edit('state', country?.id ?? null, country?.name)()}
          describe={(item) => taxText(item.taxRate, inherited.state)}
          icon={<MapRegular />}
        />
        <RegionColumn<City>
          key={`cities-${state?.id ?? 0}`}
          config={LEVELS.city}
          enabled={!!state}
          placeholder="Select a state to see its cities."
          context={state ? `in ${state.name}` : undefined}
          items={cities.data}
          isLoading={cities.isLoading}
          error={cities.error}
          onRetry={() => void cities.mutate()}
          selectedId={city?.id ?? 0}
          onSelect={(item) => select('city', item.id)}
          onClearSelection={() => select('city', 0)}
          onEdit={edit('city', state?.id ?? null, state?.name)}
          onAdd={() => edit('city', state?.id ?? null, state?.name)()}
          describe={(item) => `${taxText(item.taxRate, inherited.city)} · Shipping ${money(item.shippingFee)}`}
          icon={<CityRegular />}
        />
        <RegionColumn<Borough>
          key={`boroughs-${city?.id ?? 0}`}
          config={LEVELS.borough}
          enabled={!!city}
          placeholder="Select a city to see its boroughs."
          context={city ? `in ${city.name}` : undefined}
          items={boroughs.data}
          isLoading={boroughs.isLoading}
          error={boroughs.error}
          onRetry={() => void boroughs.mutate()}
          selectedId={borough?.id ?? 0}
          onSelect={(item) => select('borough', item.id)}
          onClearSelection={() => select('borough', 0)}
          onEdit={edit('borough', city?.id ?? null, city?.name)}
          onAdd={() => edit('borough', city?.id ?? null, city?.name)()}
          describe={(item) =>
            `${taxText(item.taxRate, inherited.borough)} · ${item.zipCodes ? zipSummary(item.zipCodes, 2) : 'No zip codes'}`
          }
          icon={<BuildingRegular />}
        />
        <RegionColumn<Area>
          key={`areas-${borough?.id ?? 0}`}
          config={LEVELS.area}
          enabled={!!borough}
          placeholder="Select a borough to see its areas."
          context={borough ? `in ${borough.name}` : undefined}
          items={areas.data}
          isLoading={areas.isLoading}
          error={areas.error}
          onRetry={() => void areas.mutate()}
          onEdit={edit('area', borough?.id ?? null, borough?.name)}
          onAdd={() => edit('area', borough?.id ?? null, borough?.name)()}
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
