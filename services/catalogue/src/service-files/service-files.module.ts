import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module';
import { ServiceFilesController } from './service-files.controller';
import { ServiceFilesService } from './service-files.service';

/** The files attached to a service. */
@Module({ imports: [ServicesModule], controllers: [ServiceFilesController], providers: [ServiceFilesService] })
export class ServiceFilesModule {}
