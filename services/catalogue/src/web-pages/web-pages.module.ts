import { Module } from '@nestjs/common';
import { WebPagesController } from './web-pages.controller';
import { WebPagesService } from './web-pages.service';

/** Website content: articles of the web pages. Its entity and migration are listed in catalogue.platform.ts. */
@Module({
  controllers: [WebPagesController],
  providers: [WebPagesService],
})
export class WebPagesModule {}
