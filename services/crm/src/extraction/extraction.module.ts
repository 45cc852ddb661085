import { Module } from '@nestjs/common';
import { LeadExtractionController } from './lead-extraction.controller';
import { LeadExtractionService } from './lead-extraction.service';
import { LeadsQueue } from './leads-queue';

/** Extraction of an uploaded spreadsheet into leads: the API queues the job; the worker process runs it. */
@Module({
  controllers: [LeadExtractionController],
  providers: [LeadExtractionService, LeadsQueue],
  exports: [LeadsQueue],
})
export class ExtractionModule {}
