import { Module } from '@nestjs/common';
import { SSN_KEY, ssnProviders } from './ssn.providers';
import { SsnCipher } from './ssn-cipher';

/** The SSN key and cipher (the API's demo seed encrypts with it; the worker loads the key itself). */
@Module({ providers: [...ssnProviders], exports: [SSN_KEY, SsnCipher] })
export class SecurityModule {}
