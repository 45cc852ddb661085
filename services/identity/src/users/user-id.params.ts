import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** `{id}` of a staff user in a path: a UUID, else 400. */
export class UserIdParamDto extends createZodDto(z.object({ id: z.uuid('id must be a UUID') })) {}
