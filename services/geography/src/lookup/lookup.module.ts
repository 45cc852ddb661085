import { Module } from '@nestjs/common';
import { LookupController } from './lookup.controller';
import { LookupService } from './lookup.service';

/** The region and tax rate of an address. */
@Module({ controllers: [LookupController], providers: [LookupService] })
export class LookupModule {}
