import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { IntIdSchema } from '@backoffice/contracts';

/** `{id}` of an upload, a group or a lead in a path: a positive integer, else 400. */
export class IntIdParams extends createZodDto(z.object({ id: IntIdSchema })) {}

/** `{userId}` of a sales agent in a path: a UUID, else 400. */
export class UserIdParams extends createZodDto(z.object({ userId: z.uuid('userId must be a UUID') })) {}

/** `{jobId}` of an extraction job. Its shape is checked by the service (an unknown id is a 404). */
export class JobIdParams extends createZodDto(z.object({ jobId: z.string().min(1).max(100) })) {}
