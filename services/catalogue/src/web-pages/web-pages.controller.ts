import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { WebArticleIdParamsSchema, WebArticleInputSchema, WebPageParamsSchema } from '@backoffice/contracts';
import { Roles } from '@backoffice/platform';
import { WebPagesService } from './web-pages.service';

class WebArticleBody extends createZodDto(WebArticleInputSchema) {}
class WebPageParams extends createZodDto(WebPageParamsSchema) {}
class WebArticleIdParams extends createZodDto(WebArticleIdParamsSchema) {}

/** Website content: the articles of each web page (DESIGN.md section 4). */
@ApiTags('web-pages')
@Roles('Manager')
@Controller('api/web-pages')
export class WebPagesController {
  constructor(private readonly articles: WebPagesService) {}

  @Get(':page/articles')
  list(@Param() params: WebPageParams) {
    return this.articles.listOfPage(params.page);
  }

  @Get('articles/:id')
  get(@Param() params: WebArticleIdParams) {
    return this.articles.get(params.id);
  }

  @Get('articles/:id/children')
  children(@Param() params: WebArticleIdParams) {
    return this.articles.children(params.id);
  }

  @Post('articles')
  create(@Body() body: WebArticleBody) {
    return this.articles.create(body);
  }

  @Put('articles/:id')
  update(@Param() params: WebArticleIdParams, @Body() body: WebArticleBody) {
    return this.articles.update(params.id, body);
  }

  @Delete('articles/:id')
  @HttpCode(204)
  remove(@Param() params: WebArticleIdParams) {
    return this.articles.remove(params.id);
  }
}
