import { GEOGRAPHY_LEVELS } from '@backoffice/contracts';
import { childLevelOf, LEVELS, type RegionLevelName } from './region-levels';

const lowerLevels = Object.keys(LEVELS) as RegionLevelName[];

describe('the level table', () => {
  it('is the hierarchy of the contracts, each level below the one before it', () => {
    expect(['country', ...lowerLevels]).toEqual([...GEOGRAPHY_LEVELS]);
    for (const [index, level] of lowerLevels.entries()) expect(LEVELS[level].parent.level).toBe(GEOGRAPHY_LEVELS[index]);
    expect(GEOGRAPHY_LEVELS.map((level) => childLevelOf(level)?.level ?? null)).toEqual([...lowerLevels, null]);
  });

  it.each(lowerLevels)('answers a record of the %s level with exactly its schema keys, in order', (level) => {
    const def = LEVELS[level];
    expect(Object.keys(def.record.shape)).toEqual(['id', def.parent.key, ...def.fields]);
  });

  it.each(lowerLevels)('writes every field a body of the %s level carries', (level) => {
    const def = LEVELS[level];
    expect(Object.keys(def.input.shape).sort()).toEqual(['id', def.parent.key, ...def.fields].sort());
  });

  it('keeps zip codes exactly for the levels whose records have them', () => {
    for (const level of lowerLevels) expect(Boolean(LEVELS[level].zips)).toBe(LEVELS[level].fields.includes('zipCodes'));
  });
});
