import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators';
import { Readiness } from './readiness';
import { metricsRegistry } from './metrics';

@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('health/live')
  live() {
    return { status: 'up' };
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply) {
    const result = await this.readiness.check();
    void reply.status(result.ready ? 200 : 503).send({ status: result.ready ? 'up' : 'down', checks: result.checks });
  }

  @Get('metrics')
  async metrics(@Res() reply: FastifyReply) {
    void reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
