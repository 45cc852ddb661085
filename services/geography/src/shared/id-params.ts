import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { IntIdSchema } from '@backoffice/contracts';

export class IdParams extends createZodDto(z.object({ id: IntIdSchema })) {}
export class CountryIdParams extends createZodDto(z.object({ countryId: IntIdSchema })) {}
export class StateIdParams extends createZodDto(z.object({ stateId: IntIdSchema })) {}
export class CityIdParams extends createZodDto(z.object({ cityId: IntIdSchema })) {}
export class BoroughIdParams extends createZodDto(z.object({ boroughId: IntIdSchema })) {}
