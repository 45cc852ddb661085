import { Module } from '@nestjs/common';
import { LeadTemplateController } from './lead-template.controller';

/** The lead spreadsheet template to download. */
@Module({ controllers: [LeadTemplateController] })
export class TemplateModule {}
