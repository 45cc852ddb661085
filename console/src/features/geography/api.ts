import { useSWRConfig, type SWRResponse } from 'swr';
import type { GeographyLevel } from '@backoffice/contracts';
import { apiFetch, useApi, type ApiError } from '../../components/api';
import { LEVELS, type RegionByLevel, type RegionRecord } from './geography-levels';

/**
 * The SWR hook of the geography manager: the records of `level` under the parent `parentId` (countries: null),
 * keyed by the product's paths; nothing is fetched for a level below the top while its parent is not chosen.
 */
export function useRegions(level: GeographyLevel, parentId: number | null): SWRResponse<RegionRecord[], ApiError> {
  const waiting = LEVELS[level].parent !== null && parentId === null;
  return useApi<RegionRecord[]>(waiting ? null : LEVELS[level].listPath(parentId));
}

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
