import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@backoffice/platform';

type Level = 'borough' | 'area';

const TABLES: Record<Level, { zips: string; owner: string; records: string }> = {
  borough: { zips: 'borough_zip_codes', owner: 'borough_id', records: 'boroughs' },
  area: { zips: 'area_zip_codes', owner: 'area_id', records: 'areas' },
};

/**
 * The zip index of a city: a zip code belongs to at most one borough and at most one area of a city.
 * Each borough's and area's list is mirrored row by row into a table whose key is (city, zip).
 */
@Injectable()
export class ZipCodeRegistry {
  /**
   * Replaces the zips of one borough or area in its city's index. Refuses (409, on the zipCodes field)
   * zips that another borough (or area) of the same city already has. Runs inside the caller's transaction.
   */
  async assign(em: EntityManager, level: Level, ownerId: number, cityId: number, zips: readonly string[]): Promise<void> {
    const t = TABLES[level];
    if (zips.length) {
      const clashes = await em.execute<{ zip: string; name: string }[]>(
        `select z.zip, r.name from ${t.zips} z join ${t.records} r on r.id = z.${t.owner}
          where z.city_id = ? and z.zip in (?) and z.${t.owner} <> ? order by z.zip limit 6`,
        [cityId, zips, ownerId],
      );
      if (clashes.length) throw duplicateZips(level, clashes);
    }
    await em.execute(`delete from ${t.zips} where ${t.owner} = ?`, [ownerId]);
    if (zips.length) {
      const rows = zips.map(() => '(?, ?, ?)').join(', ');
      await em.execute(
        `insert into ${t.zips} (city_id, zip, ${t.owner}) values ${rows}`,
        zips.flatMap((zip) => [cityId, zip, ownerId]),
      );
    }
  }

  /**
   * A borough moving to another city takes its zips and its areas' zips along; refused like `assign`
   * when the new city already has any of them elsewhere.
   */
  async moveBoroughToCity(em: EntityManager, boroughId: number, cityId: number): Promise<void> {
    const clashes = await em.execute<{ zip: string; name: string }[]>(
      `select z.zip, a.name from area_zip_codes z join areas a on a.id = z.area_id
        where z.city_id = ? and z.zip in (select zip from area_zip_codes m join areas ma on ma.id = m.area_id where ma.borough_id = ?)
          and a.borough_id <> ? order by z.zip limit 6`,
      [cityId, boroughId, boroughId],
    );
    if (clashes.length) throw duplicateZips('area', clashes);
    await em.execute(`update area_zip_codes set city_id = ? where area_id in (select id from areas where borough_id = ?)`, [
      cityId,
      boroughId,
    ]);
  }
}

function duplicateZips(level: Level, clashes: { zip: string; name: string }[]): DomainError {
  const shown = clashes.slice(0, 5);
  const list = shown.map((c) => `${c.zip} (${c.name})`).join(', ') + (clashes.length > shown.length ? ', …' : '');
  const message =
    shown.length === 1
      ? `Zip code ${shown[0].zip} already belongs to the ${level} "${shown[0].name}" in this city.`
      : `These zip codes already belong to another ${level} in this city: ${list}.`;
  return new DomainError('duplicate_zip', message, 409, [{ path: 'zipCodes', message }]);
}
