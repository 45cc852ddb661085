import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module';
import { CatalogueDemoSeed } from './catalogue-demo.seed';
import { SiteReviewsSeed } from './site-reviews.seed';
import { WebPagesSeed } from './web-pages.seed';

/** Demo data for `npm start` (SEED_DEMO_DATA): services and categories, web pages, site reviews. */
@Module({ imports: [ServicesModule], providers: [WebPagesSeed, SiteReviewsSeed, CatalogueDemoSeed] })
export class SeedModule {}
