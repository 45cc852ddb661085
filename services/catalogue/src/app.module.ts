import { Module } from '@nestjs/common';
import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { catalogueConfigSchema } from './catalogue.config';
import { Migration0100WebArticles } from './migrations/Migration0100WebArticles';
import { Migration0101SiteReviews } from './migrations/Migration0101SiteReviews';
import { WebArticleEntity } from './web-pages/web-article.entity';
import { WebPagesModule } from './web-pages/web-pages.module';
import { SiteReviewEntity } from './site-reviews/site-review.entity';
import { SiteReviewsModule } from './site-reviews/site-reviews.module';
import { Migration0001Catalogue } from './migrations/Migration0001Catalogue';
import { Category } from './categories/category.entity';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesService } from './categories/categories.service';
import { CatalogueFileRecord } from './files/catalogue-file.entity';
import { FilesController } from './files/files.controller';
import { FilesService } from './files/files.service';
import { FileStore } from './files/file-store';
import { ServiceFile } from './service-files/service-file.entity';
import { ServiceFilesController } from './service-files/service-files.controller';
import { ServiceFilesService } from './service-files/service-files.service';
import { CatalogueService } from './services/service.entity';
import { ServicesController } from './services/services.controller';
import { ServicesService } from './services/services.service';
import { ServiceEvents } from './services/service-state';
import { DemoSeed } from './seed/demo.seed';

@Module({
  imports: [
    WebPagesModule,
    SiteReviewsModule,
    PlatformModule.forService({
      config: catalogueConfigSchema,
      database: {
        entities: [Category, CatalogueService, ServiceFile, CatalogueFileRecord, WebArticleEntity, SiteReviewEntity],
        migrations: [
          { name: 'Migration0001Catalogue', class: Migration0001Catalogue },
          { name: 'Migration0100WebArticles', class: Migration0100WebArticles },
          { name: 'Migration0101SiteReviews', class: Migration0101SiteReviews },
        ],
      },
      outbox: { topics: [{ name: CATALOGUE_SERVICE_TOPIC, compacted: true }] },
    }),
  ],
  controllers: [CategoriesController, ServicesController, ServiceFilesController, FilesController],
  providers: [CategoriesService, ServicesService, ServiceEvents, ServiceFilesService, FilesService, FileStore, DemoSeed],
})
export class AppModule {}
