import { CATALOGUE_SERVICE_TOPIC } from '@backoffice/contracts';
import { PlatformModule } from '@backoffice/platform';
import { catalogueConfigSchema } from './catalogue.config';
import { CategoryEntity } from './categories/category.entity';
import { CatalogueFileEntity } from './files/catalogue-file.entity';
import { Migration0001Catalogue } from './migrations/Migration0001Catalogue';
import { Migration0100WebArticles } from './migrations/Migration0100WebArticles';
import { Migration0101SiteReviews } from './migrations/Migration0101SiteReviews';
import { ServiceFileEntity } from './service-files/service-file.entity';
import { CatalogueServiceEntity } from './services/service.entity';
import { SiteReviewEntity } from './site-reviews/site-review.entity';
import { WebArticleEntity } from './web-pages/web-article.entity';

/** The platform as catalogue uses it: its config, database (every feature's entities, the migrations) and outbox topic. */
export const cataloguePlatform = () =>
  PlatformModule.forService({
    config: catalogueConfigSchema,
    database: {
      entities: [CategoryEntity, CatalogueServiceEntity, ServiceFileEntity, CatalogueFileEntity, WebArticleEntity, SiteReviewEntity],
      migrations: [
        { name: 'Migration0001Catalogue', class: Migration0001Catalogue },
        { name: 'Migration0100WebArticles', class: Migration0100WebArticles },
        { name: 'Migration0101SiteReviews', class: Migration0101SiteReviews },
      ],
    },
    outbox: { topics: [{ name: CATALOGUE_SERVICE_TOPIC, compacted: true }] },
  });
