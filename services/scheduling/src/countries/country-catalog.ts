import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { branchFlagPath, type BranchCountry } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import worldCountries from 'world-countries';

const FLAGS_DIR = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');

/**
 * The bundled country list for branches (the world-countries package) with flags from the
 * flag-icons package: nothing is fetched from another site. Countries without an ISO numeric
 * code (Kosovo) are left out, since branches refer to countries by that code.
 */
@Injectable()
export class CountryCatalog {
  private readonly countries: BranchCountry[];
  private readonly byCcn3: Map<string, BranchCountry>;
  private readonly flags = new Map<string, Promise<Buffer>>();

  constructor() {
    this.countries = worldCountries
      .filter((country) => /^\d{3}$/.test(country.ccn3))
      .map((country) => ({
        ccn3: country.ccn3,
        cca2: country.cca2,
        name: { common: country.name.common, official: country.name.official },
        idd: { root: country.idd.root ?? '', suffixes: country.idd.suffixes ?? [] },
        flags: { svg: branchFlagPath(country.ccn3) },
      }))
      .sort((a, b) => a.name.common.localeCompare(b.name.common, 'en'));
    this.byCcn3 = new Map(this.countries.map((country) => [country.ccn3, country]));
  }

  list(): BranchCountry[] {
    return this.countries;
  }

  has(ccn3: string): boolean {
    return this.byCcn3.has(ccn3);
  }

  find(ccn3: string): BranchCountry | undefined {
    return this.byCcn3.get(ccn3);
  }

  /** The SVG flag of a country, read once from the flag-icons package. */
  flag(ccn3: string): Promise<Buffer> {
    const country = this.byCcn3.get(ccn3);
    if (!country) return Promise.reject(new NotFoundError('Country', ccn3));
    let flag = this.flags.get(ccn3);
    if (!flag) {
      flag = readFile(join(FLAGS_DIR, `${country.cca2.toLowerCase()}.svg`));
      flag.catch(() => this.flags.delete(ccn3));
      this.flags.set(ccn3, flag);
    }
    return flag.catch(() => {
      throw new NotFoundError('Flag of country', ccn3);
    });
  }
}
