import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { DestinationStream, Logger } from 'pino';
import { baseConfigSchema, ConfigError, parseConfig, trustProxySetting } from '../config/service-config';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { acceptedId, runWithLogContext } from '../logging/log-context';
import { DomainError } from '../errors/domain-error';
import { ProblemFilter, sendProblem } from '../errors/problem.filter';
import { registerHttpMetrics } from '../health/metrics';
import { applyRuntimeSettings } from '../health/runtime-settings';
import { originForm, registerRequestGuards } from './request-guards';
import { registerBodyIdleTimeout } from './body-idle-timeout';
import { clientErrorHandler, headerLimits, refuseConnect } from './connection-limits';
import { registerMethodNotAllowed } from './method-not-allowed';
import { registerRequestContext } from '../database/request-context';
import { guardOpsPaths, listenOps } from './ops-listener';
import { buildServiceOpenApi } from './openapi';
import { ShutdownGate } from './shutdown-gate';
import { stopOnSignals } from './shutdown-signals';

export interface ServiceAppOptions {
  /** Called before listen, e.g. to register multipart or connect microservices. */
  configure?: (app: NestFastifyApplication, logger: Logger) => Promise<void> | void;
  /** Title of the OpenAPI document. */
  title?: string;
  /** Where the log lines go instead of stdout (tests that read them). */
  logDestination?: DestinationStream;
}

/** Builds a service's Nest app on Fastify with the platform's logging, errors, metrics and docs. */
export async function createServiceApp(
  appModule: unknown,
  options: ServiceAppOptions = {},
): Promise<{ app: NestFastifyApplication; logger: Logger; shutdown: ShutdownGate }> {
  const base = parseConfig(baseConfigSchema);
  const logger = createLogger(base.SERVICE_NAME, base.LOG_LEVEL, options.logDestination);
  const adapter = new FastifyAdapter({
    bodyLimit: base.BODY_LIMIT_BYTES,
    // The gateway's x-request-id when it is a plausible id (it ends up in logs and Kafka headers), else a new one.
    requestIdHeader: false,
    rewriteUrl: (request: IncomingMessage) => originForm(request.url ?? '/'),
    genReqId: (request: IncomingMessage) => acceptedId(request.headers['x-request-id']) ?? randomUUID(),
    trustProxy: trustProxySetting(base),
    // While closing, a request that still arrives on a kept-alive connection meets the ShutdownGate's refusal (503
    // with Retry-After, which the gateway and fetchFromReplicas take as "ask another replica") instead of Fastify's own
    // 503 without it, which a caller cannot tell from a handled request (the rolling upgrade saw one reach a client).
    return503OnClosing: false,
    http: headerLimits(base.HEADERS_TIMEOUT_MS),
    clientErrorHandler: clientErrorHandler(logger),
    forceCloseConnections: 'idle',
    // Errors of the router itself (a path segment too long, a broken percent escape) are problems too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const code = (error as { code?: string }).code;
      const refused =
        code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new DomainError('uri_too_long', 'A part of the address is too long.', 414)
          : code === 'FST_ERR_BAD_URL'
            ? new DomainError('bad_url', 'The address is not valid.', 400)
            : error;
      sendProblem(refused, request, reply, logger);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(appModule as never, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.server.on('connect', refuseConnect(logger));
  await app.register(fastifyCookie as never);
  // Answers over 1 kB go out brotli- or gzip-compressed to clients that accept it (an answer already encoded, such
  // as a precompressed console asset or a service's answer the gateway relays, is left as it is). Request bodies
  // are never inflated here: the gateway relays them as sent, and the body limits count the bytes that came.
  await app.register(fastifyCompress as never, { global: true, globalDecompression: false, encodings: ['br', 'gzip'], threshold: 1024 });
  registerRequestContext(app, fastify);
  const shutdown = new ShutdownGate();
  shutdown.register(fastify);
  // Every log line (and outbox event) of the request carries its id: the context is entered on the request and
  // again before the handler, since body parsing runs in the socket's async context.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithLogContext({ requestId: request.id }, done);
  });
  fastify.addHook('preHandler', (request, _reply, done) => runWithLogContext({ requestId: request.id }, done));
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/health') && request.url !== '/metrics') {
      logger.info(
        { requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
  registerHttpMetrics(fastify, base.SERVICE_NAME);
  // Nest's own body parsers now (JSON and form-encoded), so that the platform's strict JSON parser replaces its JSON one.
  adapter.registerParserMiddleware();
  registerRequestGuards(fastify, logger);
  registerBodyIdleTimeout(fastify, base.BODY_IDLE_TIMEOUT_MS, logger);
  registerMethodNotAllowed(fastify, logger);
  if (base.OPS_PORT) guardOpsPaths(fastify, logger);
  // Nest owns Fastify's error and not-found handlers and sends both through the global filter.
  app.useGlobalFilters(new ProblemFilter(logger));
  await options.configure?.(app, logger);

  // The service's completed OpenAPI 3.1 document (response schemas, summaries, problem answers), which the
  // gateway merges into the API reference. Built once, on the first request for it.
  let document: OpenAPIObject | undefined;
  fastify.get(
    '/openapi.json',
    (_request, reply) => void reply.send((document ??= buildServiceOpenApi(app, options.title ?? base.SERVICE_NAME))),
  );
  return { app, logger, shutdown };
}

/** main.ts of every service: build, listen, and stop gracefully on SIGTERM. */
export async function bootstrapService(appModule: unknown, options: ServiceAppOptions = {}): Promise<NestFastifyApplication> {
  applyRuntimeSettings();
  try {
    const { app, logger, shutdown } = await createServiceApp(appModule, options);
    const base = parseConfig(baseConfigSchema);
    // Requests first (none cut, see ShutdownGate), then the listener and the app's own shutdown hooks.
    stopOnSignals(logger, base.SHUTDOWN_GRACE_MS, () =>
      shutdown.drain({ drainMs: base.SHUTDOWN_DRAIN_MS, quietMs: base.SHUTDOWN_QUIET_MS }).then(() => app.close()),
    );
    await app.listen({ port: base.PORT, host: base.HOST });
    if (base.OPS_PORT) await listenOps(app.getHttpAdapter().getInstance(), base.OPS_PORT, base.HOST);
    logger.info({ port: base.PORT, opsPort: base.OPS_PORT }, `${base.SERVICE_NAME} listening`);
    return app;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}
