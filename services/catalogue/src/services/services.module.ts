import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ServiceEvents } from './service-state';
import { ServicesController } from './services.controller';
import { ServicesService } from './services.service';

/** The catalogue's services and their events (catalogue.service.v1, compacted). */
@Module({
  imports: [FilesModule],
  controllers: [ServicesController],
  providers: [ServicesService, ServiceEvents],
  exports: [ServiceEvents],
})
export class ServicesModule {}
