import { Module } from '@nestjs/common';
import { ExtractionModule } from '../extraction/extraction.module';
import { LeadUploadsController } from './lead-uploads.controller';
import { LeadUploadsService } from './lead-uploads.service';
import { UploadErrorsController } from './upload-errors.controller';
import { UploadErrorsService } from './upload-errors.service';
import { UploadStore } from './upload-store';

/** Lead spreadsheet uploads and their row errors. */
@Module({
  imports: [ExtractionModule],
  controllers: [LeadUploadsController, UploadErrorsController],
  providers: [UploadStore, LeadUploadsService, UploadErrorsService],
})
export class UploadsModule {}
