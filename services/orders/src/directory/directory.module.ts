import { Module } from '@nestjs/common';
import { DirectoryClient } from './directory.client';
import { GeographyClient } from './geography.client';

/** Calls to other services (geography, scheduling, identity), shared by the orders and client services features. */
@Module({ providers: [GeographyClient, DirectoryClient], exports: [GeographyClient, DirectoryClient] })
export class DirectoryModule {}
