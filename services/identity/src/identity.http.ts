import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Fastify plugins identity needs: cookies for the refresh token. */
export async function configureIdentity(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCookie as never);
}
