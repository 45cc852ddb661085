import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CategoryDetailSchema, CategoryInputSchema, CategoryListQuerySchema, CategorySchema, IntIdSchema } from '@backoffice/contracts';
import { ApiController, ApiResult, Scopes } from '@backoffice/platform';
import { CategoriesService } from './categories.service';

class CategoryInputDto extends createZodDto(CategoryInputSchema) {}
class CategoryListQuery extends createZodDto(CategoryListQuerySchema) {}
class CategoryIdParams extends createZodDto(z.object({ id: IntIdSchema })) {}

/** Nested service categories (docs/architecture.md). */
@ApiController({ tag: 'categories', path: 'api/categories', roles: ['Manager'] })
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @Scopes('catalogue:read')
  @ApiResult(z.array(CategorySchema), { summary: 'List categories' })
  list(@Query() query: CategoryListQuery) {
    return this.categories.list(query.parentId);
  }

  @Get(':id')
  @Scopes('catalogue:read')
  @ApiResult(CategoryDetailSchema, { summary: 'Get a category with its ancestors' })
  get(@Param() params: CategoryIdParams) {
    return this.categories.get(params.id);
  }

  @Post()
  @HttpCode(201)
  @ApiResult(CategorySchema, { summary: 'Create a category' })
  create(@Body() body: CategoryInputDto) {
    return this.categories.create(body);
  }

  @Put(':id')
  @ApiResult(CategorySchema, { summary: 'Update a category' })
  update(@Param() params: CategoryIdParams, @Body() body: CategoryInputDto) {
    return this.categories.update(params.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a category' })
  async remove(@Param() params: CategoryIdParams) {
    await this.categories.remove(params.id);
  }
}
