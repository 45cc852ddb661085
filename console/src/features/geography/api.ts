import { useSWRConfig } from 'swr';
import type { Area, Borough, City, Country, GeographyLevel, State } from '@backoffice/contracts';
import { apiFetch, useApi } from '../../components/api';
import { LEVELS, type RegionByLevel } from './geography-levels';

/** SWR hooks of the geography manager: one list per level, keyed by the product's paths. */
export const useCountries = () => useApi<Country[]>(LEVELS.country.listPath(null));
export const useStates = (countryId: number | null) => useApi<State[]>(countryId ? LEVELS.state.listPath(countryId) : null);
export const useCities = (stateId: number | null) => useApi<City[]>(stateId ? LEVELS.city.listPath(stateId) : null);
export const useBoroughs = (cityId: number | null) => useApi<Borough[]>(cityId ? LEVELS.borough.listPath(cityId) : null);
export const useAreas = (boroughId: number | null) => useApi<Area[]>(boroughId ? LEVELS.area.listPath(boroughId) : null);

/** POST (no id) or PUT /{id} a record of a level; answers the saved record. */
export function saveRegion<L extends GeographyLevel>(level: L, body: Record<string, unknown>, id?: number): Promise<RegionByLevel[L]> {
  const config = LEVELS[level];
  return apiFetch<RegionByLevel[L]>(id ? config.itemPath(id) : config.collectionPath, {
    method: id ? 'PUT' : 'POST',
    json: id ? { ...body, id } : body,
  });
}

export function deleteRegion(level: GeographyLevel, id: number): Promise<void> {
  return apiFetch<void>(LEVELS[level].itemPath(id), { method: 'DELETE' });
}

/** Reloads the list a level's record lives in. */
export function useReloadList() {
  const { mutate } = useSWRConfig();
  return (level: GeographyLevel, parentId: number | null) => mutate(LEVELS[level].listPath(parentId));
}
