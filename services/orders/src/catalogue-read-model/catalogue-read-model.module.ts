import { Module } from '@nestjs/common';
import { CatalogueReadModelController } from './catalogue-read-model.controller';
import { CatalogueReadModelRebuild } from './catalogue-read-model.rebuild';
import { CatalogueReadModel } from './catalogue-read-model.service';
import { CatalogueServiceConsumer } from './catalogue-service.consumer';

/** The local copy of the catalogue's services (catalogue.service.v1), its consumer and its rebuild. */
@Module({
  controllers: [CatalogueReadModelController, CatalogueServiceConsumer],
  providers: [CatalogueReadModel, CatalogueReadModelRebuild],
  exports: [CatalogueReadModel],
})
export class CatalogueReadModelModule {}
