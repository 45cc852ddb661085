import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { normalizeZipCode, type GeographyLookupResult } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import { isoCountry } from './iso-3166';
import { resolveTaxRate, zipCandidates } from './tax-resolution.policy';

export interface LookupAddress {
  country: string;
  state?: string;
  city?: string;
  zip?: string;
}

interface Place {
  id: number;
  taxRate: number | null;
}
interface CityPlace extends Place {
  stateId: number;
  shippingFee: number;
}
interface AreaPlace extends Place {
  boroughId: number;
}

type Row = Record<string, string | number | null>;

const num = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
const place = (row: Row): Place => ({ id: Number(row.id), taxRate: num(row.tax_rate) });
/** Names compare ignoring case and repeated spaces. */
const nameKey = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
const NAME = `lower(regexp_replace(name, '\\s+', ' ', 'g'))`;

/**
 * Tax and shipping for an address, as orders ask for it: finds the country, state and city by
 * short name or name (any case), the borough and area by zip within the city, and resolves
 * the rate of the most specific level that has one. Only the country must be known.
 */
@Injectable()
export class LookupService {
  constructor(private readonly em: EntityManager) {}

  async lookup(address: LookupAddress): Promise<GeographyLookupResult> {
    const country = await this.country(address.country);
    if (!country) throw new NotFoundError('Country', address.country);

    let state = address.state ? await this.state(country.id, address.state) : null;
    const zips = address.zip ? zipCandidates(normalizeZipCode(address.zip)) : [];
    let city = address.city ? await this.cityByName(country.id, state?.id ?? null, address.city) : null;
    // A city name that does not match (or none) is still found when the zip belongs to exactly one city.
    if (!city && zips.length) city = await this.cityByZip(country.id, state?.id ?? null, zips);
    if (city && !state) state = await this.stateById(city.stateId);

    let area: AreaPlace | null = null;
    let borough: Place | null = null;
    if (city && zips.length) {
      area = await this.areaByZip(city.id, zips);
      borough = area ? await this.boroughById(area.boroughId) : await this.boroughByZip(city.id, zips);
    }

    const { taxRate, taxLevel } = resolveTaxRate({ country, state, city, borough, area });
    return {
      taxRate,
      taxLevel,
      shippingFee: city ? city.shippingFee : null,
      matched: {
        countryId: country.id,
        stateId: state?.id ?? null,
        cityId: city?.id ?? null,
        boroughId: borough?.id ?? null,
        areaId: area?.id ?? null,
      },
    };
  }

  private async one(sql: string, params: unknown[]): Promise<Row | null> {
    const rows = await this.em.execute<Row[]>(sql, params);
    return rows[0] ?? null;
  }

  /**
   * By ISO 3166 alpha-2, alpha-3 or name (common or official), whichever the country was saved with: "USA", "US",
   * "United States" and "United States of America" find the same country. What the value says exactly comes first.
   */
  private async country(value: string): Promise<Place | null> {
    const iso = isoCountry(value);
    const codes = [...new Set([value.trim().toUpperCase(), ...(iso ? [iso.alpha2, iso.alpha3] : [])])];
    const names = [...new Set([nameKey(value), ...(iso ? [iso.alpha2, iso.alpha3, ...iso.names].map(nameKey) : [])])];
    const list = (values: string[]) => values.map(() => '?').join(', ');
    const row = await this.one(
      `select id, tax_rate from countries where short_name in (${list(codes)}) or ${NAME} in (${list(names)})
        order by (short_name = upper(?)) desc, (${NAME} = ?) desc, id limit 1`,
      [...codes, ...names, value.trim(), nameKey(value)],
    );
    return row && place(row);
  }

  private async state(countryId: number, value: string): Promise<Place | null> {
    const row = await this.one(
      `select id, tax_rate from states where country_id = ? and (short_name = upper(?) or ${NAME} = ?)
        order by (short_name = upper(?)) desc, id limit 1`,
      [countryId, value.trim(), nameKey(value), value.trim()],
    );
    return row && place(row);
  }

  private async stateById(id: number): Promise<Place | null> {
    const row = await this.one(`select id, tax_rate from states where id = ?`, [id]);
    return row && place(row);
  }

  private toCity(row: Row): CityPlace {
    return { ...place(row), stateId: Number(row.state_id), shippingFee: Number(row.shipping_fee) };
  }

  /** By name within the state; without a known state, within the country when the name is unique there. */
  private async cityByName(countryId: number, stateId: number | null, value: string): Promise<CityPlace | null> {
    const rows = await this.em.execute<Row[]>(
      `select c.id, c.state_id, c.shipping_fee, c.tax_rate from cities c join states s on s.id = c.state_id
        where s.country_id = ? ${stateId ? 'and c.state_id = ?' : ''} and lower(regexp_replace(c.name, '\\s+', ' ', 'g')) = ?
        limit 2`,
      stateId ? [countryId, stateId, nameKey(value)] : [countryId, nameKey(value)],
    );
    return rows.length === 1 ? this.toCity(rows[0]) : null;
  }

  /** The one city of the country (and state, when known) whose boroughs or areas carry the zip. */
  private async cityByZip(countryId: number, stateId: number | null, zips: string[]): Promise<CityPlace | null> {
    for (const zip of zips) {
      const rows = await this.em.execute<Row[]>(
        `select c.id, c.state_id, c.shipping_fee, c.tax_rate from cities c join states s on s.id = c.state_id
          where s.country_id = ? ${stateId ? 'and c.state_id = ?' : ''}
            and c.id in (select city_id from borough_zip_codes where zip = ? union select city_id from area_zip_codes where zip = ?)
          limit 2`,
        stateId ? [countryId, stateId, zip, zip] : [countryId, zip, zip],
      );
      if (rows.length === 1) return this.toCity(rows[0]);
      if (rows.length > 1) return null;
    }
    return null;
  }

  private async areaByZip(cityId: number, zips: string[]): Promise<AreaPlace | null> {
    for (const zip of zips) {
      const row = await this.one(
        `select a.id, a.borough_id, a.tax_rate from area_zip_codes z join areas a on a.id = z.area_id where z.city_id = ? and z.zip = ?`,
        [cityId, zip],
      );
      if (row) return { ...place(row), boroughId: Number(row.borough_id) };
    }
    return null;
  }

  private async boroughByZip(cityId: number, zips: string[]): Promise<Place | null> {
    for (const zip of zips) {
      const row = await this.one(
        `select b.id, b.tax_rate from borough_zip_codes z join boroughs b on b.id = z.borough_id where z.city_id = ? and z.zip = ?`,
        [cityId, zip],
      );
      if (row) return place(row);
    }
    return null;
  }

  private async boroughById(id: number): Promise<Place | null> {
    const row = await this.one(`select id, tax_rate from boroughs where id = ?`, [id]);
    return row && place(row);
  }
}
