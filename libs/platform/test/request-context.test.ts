import { setTimeout as sleep } from 'node:timers/promises';
import { Body, Get, Module, Post } from '@nestjs/common';
import { EntityManager, RequestContext } from '@mikro-orm/core';
import { ApiController, baseConfigSchema, databaseConfigSchema, PlatformModule } from '@backoffice/platform';
import { startTestService, type TestService } from '@backoffice/platform/testing';

/** The request's own entity manager as the handler sees it, before and after awaiting. */
@ApiController({ tag: 'context', path: 'api/context' })
class ContextController {
  constructor(private readonly em: EntityManager) {}

  @Get('untouched')
  untouched() {
    return { forks: RequestContext.currentRequestContext()?.map.size ?? null };
  }

  @Get('used')
  async used() {
    const first = this.em.getContext().id;
    await sleep(50);
    const [{ answer }] = await this.em.getConnection().execute<{ answer: number }[]>('select 1 as answer');
    return { first, after: this.em.getContext().id, answer };
  }

  @Post('with-body')
  async withBody(@Body() body: { n: number }) {
    const first = this.em.getContext().id;
    await sleep(10);
    return { n: body.n, first, after: this.em.getContext().id };
  }
}

@Module({
  imports: [
    PlatformModule.forService({ config: baseConfigSchema.extend(databaseConfigSchema.shape), database: { entities: [], migrations: [] } }),
  ],
  controllers: [ContextController],
})
class ContextModule {}

let service: TestService;

beforeAll(async () => {
  service = await startTestService(() => ContextModule, { service: 'reqctx' });
});

afterAll(async () => {
  await service?.close();
});

it('gives each request an entity manager of its own, kept across awaits and body parsing', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, async () => (await service.request('/api/context/used')).json() as Promise<Record<string, number>>),
  );
  for (const answer of answers) {
    expect(answer.answer).toBe(1);
    expect(answer.after).toBe(answer.first);
  }
  expect(new Set(answers.map((a) => a.first)).size).toBe(10);

  const posted = (await (await service.request('/api/context/with-body', { method: 'POST', json: { n: 7 } })).json()) as Record<
    string,
    number
  >;
  expect(posted.n).toBe(7);
  expect(posted.after).toBe(posted.first);
});

it('forks no entity manager for a request that never asks for one', async () => {
  expect(await (await service.request('/api/context/untouched')).json()).toEqual({ forks: 0 });
});
