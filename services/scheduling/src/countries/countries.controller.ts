import { Get, Header, Param, Res } from '@nestjs/common';
import { BranchCountrySchema } from '@backoffice/contracts';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { BranchCountry } from '@backoffice/contracts';
import { ApiController, ApiResult, Public, Roles } from '@backoffice/platform';
import { CountryCatalog } from './country-catalog';

class FlagParamsDto extends createZodDto(z.object({ ccn3: z.string().regex(/^\d{3}$/, 'A country is a 3-digit ISO numeric code') })) {}

@ApiController({ tag: 'branches', path: 'api/branches/countries' })
export class CountriesController {
  constructor(private readonly catalog: CountryCatalog) {}

  /** The countries a branch may be in, sorted by common name. */
  @Get()
  @Roles('Manager')
  @Header('cache-control', 'private, max-age=3600')
  @ApiResult(z.array(BranchCountrySchema), { summary: 'List countries for branch addresses' })
  list(): BranchCountry[] {
    return this.catalog.list();
  }

  /** A country's flag; public so that <img> tags load it without a token. */
  @Public()
  @Get(':ccn3/flag.svg')
  @ApiResult(z.string(), { summary: "A country's flag", contentType: 'image/svg+xml' })
  async flag(@Param() params: FlagParamsDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const svg = await this.catalog.flag(params.ccn3);
    void reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=604800')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return svg;
  }
}
