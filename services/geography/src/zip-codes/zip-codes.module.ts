import { Module } from '@nestjs/common';
import { ZipCodeRegistry } from './zip-code-registry';

/** Which zip codes belong to which region. */
@Module({ providers: [ZipCodeRegistry], exports: [ZipCodeRegistry] })
export class ZipCodesModule {}
