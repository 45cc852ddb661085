import { describe, expect, it } from 'vitest';
import { LEVELS, SELECTABLE_LEVELS } from './geography-levels';

describe('geography levels', () => {
  it('place each level under the one above it, named by its id field', () => {
    const places = Object.values(LEVELS).map(({ level, noun, parent, child, parentKey }) => ({ level, noun, parent, child, parentKey }));
    expect(places).toEqual([
      { level: 'country', noun: 'country', parent: null, child: 'state', parentKey: null },
      { level: 'state', noun: 'state', parent: 'country', child: 'city', parentKey: 'countryId' },
      { level: 'city', noun: 'city', parent: 'state', child: 'borough', parentKey: 'stateId' },
      { level: 'borough', noun: 'borough', parent: 'city', child: 'area', parentKey: 'cityId' },
      { level: 'area', noun: 'area', parent: 'borough', child: null, parentKey: 'boroughId' },
    ]);
  });

  it('let every level but the last be selected, top down', () => {
    expect(SELECTABLE_LEVELS).toEqual(['country', 'state', 'city', 'borough']);
  });
});
