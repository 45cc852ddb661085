import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import {
  pageSchema,
  SiteReviewIdParamsSchema,
  SiteReviewInputSchema,
  SiteReviewListQuerySchema,
  SiteReviewSchema,
} from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { SiteReviewsService } from './site-reviews.service';

class SiteReviewBody extends createZodDto(SiteReviewInputSchema) {}
class SiteReviewListQueryDto extends createZodDto(SiteReviewListQuerySchema) {}
class SiteReviewIdParams extends createZodDto(SiteReviewIdParamsSchema) {}

/** Site reviews (docs/architecture.md): insert and update answer the record's id, above 0 on success. */
@ApiController({ tag: 'site-reviews', path: 'api/site-reviews', roles: ['Manager'] })
export class SiteReviewsController {
  constructor(private readonly reviews: SiteReviewsService) {}

  @Get()
  @ApiResult(pageSchema(SiteReviewSchema, 'SiteReviewPage'), { summary: 'List site reviews' })
  list(@Query() query: SiteReviewListQueryDto) {
    return this.reviews.list(query);
  }

  @Get(':id')
  @ApiResult(SiteReviewSchema, { summary: 'Get a site review' })
  get(@Param() params: SiteReviewIdParams) {
    return this.reviews.get(params.id);
  }

  @Post()
  @ApiResult(z.number().int().meta({ description: 'The new review id.' }), { summary: 'Create a site review' })
  create(@Body() body: SiteReviewBody) {
    return this.reviews.create(body);
  }

  @Put(':id')
  @ApiResult(z.number().int().meta({ description: 'The review id.' }), { summary: 'Update a site review' })
  update(@Param() params: SiteReviewIdParams, @Body() body: SiteReviewBody) {
    return this.reviews.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a site review' })
  remove(@Param() params: SiteReviewIdParams) {
    return this.reviews.remove(params.id);
  }
}
