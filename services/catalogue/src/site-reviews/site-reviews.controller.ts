import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { SiteReviewIdParamsSchema, SiteReviewInputSchema, SiteReviewListQuerySchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { SiteReviewsService } from './site-reviews.service';

class SiteReviewBody extends createZodDto(SiteReviewInputSchema) {}
class SiteReviewListQueryDto extends createZodDto(SiteReviewListQuerySchema) {}
class SiteReviewIdParams extends createZodDto(SiteReviewIdParamsSchema) {}

/** Site reviews (DESIGN.md section 4): insert and update answer the record's id, above 0 on success. */
@ApiTags('site-reviews')
@Roles('Manager')
@Controller('api/site-reviews')
export class SiteReviewsController {
  constructor(private readonly reviews: SiteReviewsService) {}

  @Get()
  list(@Query() query: SiteReviewListQueryDto) {
    return this.reviews.list(query);
  }

  @Get(':id')
  get(@Param() params: SiteReviewIdParams) {
    return this.reviews.get(params.id);
  }

  @Post()
  create(@Body() body: SiteReviewBody) {
    return this.reviews.create(body);
  }

  @Put(':id')
  update(@Param() params: SiteReviewIdParams, @Body() body: SiteReviewBody) {
    return this.reviews.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() params: SiteReviewIdParams) {
    return this.reviews.remove(params.id);
  }
}
