import { Module } from '@nestjs/common';
import { SiteReviewsController } from './site-reviews.controller';
import { SiteReviewsService } from './site-reviews.service';

/** Site reviews. Its entity and migration are listed in catalogue.platform.ts. */
@Module({
  controllers: [SiteReviewsController],
  providers: [SiteReviewsService],
})
export class SiteReviewsModule {}
