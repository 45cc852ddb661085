import { Module } from '@nestjs/common';
import { InternalLookupController } from './internal-lookup.controller';
import { LookupController } from './lookup.controller';
import { LookupService } from './lookup.service';

/** The region and tax rate of an address. */
@Module({ controllers: [LookupController, InternalLookupController], providers: [LookupService] })
export class LookupModule {}
