import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { IntIdSchema } from '@backoffice/contracts';

/** `{id}` of /api/branches/{id}/…: a positive integer, else 400. */
export class BranchIdParamsDto extends createZodDto(z.object({ id: IntIdSchema })) {}
