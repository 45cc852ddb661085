import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { IntIdSchema } from '@backoffice/contracts';

export class IdParams extends createZodDto(z.object({ id: IntIdSchema })) {}
