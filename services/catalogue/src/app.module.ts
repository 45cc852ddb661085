import { Module } from '@nestjs/common';
import { cataloguePlatform } from './catalogue.platform';
import { CategoriesModule } from './categories/categories.module';
import { FilesModule } from './files/files.module';
import { SeedModule } from './seed/seed.module';
import { ServiceFilesModule } from './service-files/service-files.module';
import { ServicesModule } from './services/services.module';
import { SiteReviewsModule } from './site-reviews/site-reviews.module';
import { WebPagesModule } from './web-pages/web-pages.module';

/** The catalogue service: one module per feature. */
@Module({
  imports: [
    cataloguePlatform(),
    CategoriesModule,
    ServicesModule,
    ServiceFilesModule,
    FilesModule,
    WebPagesModule,
    SiteReviewsModule,
    SeedModule,
  ],
})
export class AppModule {}
