import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { WebArticleIdParamsSchema, WebArticleInputSchema, WebArticleSchema, WebPageParamsSchema } from '@backoffice/contracts';
import { ApiController, ApiResult } from '@backoffice/platform';
import { WebPagesService } from './web-pages.service';

class WebArticleBody extends createZodDto(WebArticleInputSchema) {}
class WebPageParams extends createZodDto(WebPageParamsSchema) {}
class WebArticleIdParams extends createZodDto(WebArticleIdParamsSchema) {}

/** Website content: the articles of each web page (docs/architecture.md). */
@ApiController({ tag: 'web-pages', path: 'api/web-pages', roles: ['Manager'] })
export class WebPagesController {
  constructor(private readonly articles: WebPagesService) {}

  @Get(':page/articles')
  @ApiResult(z.array(WebArticleSchema), { summary: 'List the articles of a web page' })
  list(@Param() params: WebPageParams) {
    return this.articles.listOfPage(params.page);
  }

  @Get('articles/:id')
  @ApiResult(WebArticleSchema, { summary: 'Get a web article' })
  get(@Param() params: WebArticleIdParams) {
    return this.articles.get(params.id);
  }

  @Get('articles/:id/children')
  @ApiResult(z.array(WebArticleSchema), { summary: 'List the child articles of a web article' })
  children(@Param() params: WebArticleIdParams) {
    return this.articles.children(params.id);
  }

  @Post('articles')
  @ApiResult(WebArticleSchema, { summary: 'Create a web article' })
  create(@Body() body: WebArticleBody) {
    return this.articles.create(body);
  }

  @Put('articles/:id')
  @ApiResult(WebArticleSchema, { summary: 'Update a web article' })
  update(@Param() params: WebArticleIdParams, @Body() body: WebArticleBody) {
    return this.articles.update(params.id, body);
  }

  @Delete('articles/:id')
  @HttpCode(204)
  @ApiResult(null, { summary: 'Delete a web article' })
  remove(@Param() params: WebArticleIdParams) {
    return this.articles.remove(params.id);
  }
}
