import { Body, Delete, Get, HttpCode, Param, Post, Put, type Type } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { IntIdSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Scopes } from '@backoffice/platform';
import { IdParams } from '../regions/id.params';
import { LEVELS, type LevelData, type RegionLevelName } from './region-levels';
import { RegionLevelsService } from './levels.service';

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);
const named = <T extends object>(target: T, name: string): T => Object.defineProperty(target, 'name', { value: name });

/**
 * The controller of one level, from its row in LEVELS: `GET api/<plural>/<parent>/:<parentKey>`,
 * `GET|PUT|DELETE api/<plural>/:id`, `POST api/<plural>`. Class and handler names are the ones the
 * OpenAPI operation ids carry (`StatesController_listByCountry`).
 */
function levelController(level: RegionLevelName): Type<unknown> {
  const def = LEVELS[level];
  const { key, label: parentLabel } = def.parent;
  const listHandler = `listBy${parentLabel}`;
  class ParentParams extends createZodDto(z.object({ [key]: IntIdSchema })) {}
  class LevelBody extends createZodDto(def.input as z.ZodType<Record<string, unknown>>) {}
  named(ParentParams, `${parentLabel}IdParams`);
  named(LevelBody, `${def.label}Body`);

  @ApiController({ tag: 'geography', path: `api/${def.plural}`, roles: ['Manager'] })
  class LevelController {
    constructor(readonly levels: RegionLevelsService) {}

    @Get(`${def.parent.level}/:${key}`)
    @Scopes('geography:read')
    @ApiResult(z.array(def.record), { summary: `List the ${def.plural} of ${withArticle(def.parent.level)}` })
    [listHandler](@Param() params: ParentParams) {
      return this.levels.listByParent(level, params[key]);
    }

    @Get(':id')
    @Scopes('geography:read')
    @ApiResult(def.record, { summary: `Get ${withArticle(level)}` })
    get(@Param() params: IdParams) {
      return this.levels.get(level, params.id);
    }

    @Post()
    @ApiResult(def.record, { status: 201, summary: `Create ${withArticle(level)}` })
    create(@Body() body: LevelBody) {
      return this.levels.create(level, body as LevelData<typeof level>);
    }

    @Put(':id')
    @ApiResult(def.record, { summary: `Update ${withArticle(level)}` })
    update(@Param() params: IdParams, @Body() body: LevelBody) {
      return this.levels.update(level, params.id, body as LevelData<typeof level>);
    }

    @Delete(':id')
    @HttpCode(204)
    @ApiResult(null, { status: 204, summary: `Delete ${withArticle(level)}` })
    remove(@Param() params: IdParams) {
      return this.levels.remove(level, params.id);
    }
  }
  return named(LevelController, `${capitalised(def.plural)}Controller`);
}

/** One controller per level below countries, in the hierarchy's order. */
export const LEVEL_CONTROLLERS = (Object.keys(LEVELS) as RegionLevelName[]).map(levelController);
