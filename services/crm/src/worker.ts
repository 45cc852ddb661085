import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  applyRuntimeSettings,
  ConfigError,
  createLogger,
  ormOptions,
  OutboxService,
  parseConfig,
  PinoNestLogger,
  releaseMemory,
  serveOps,
  stopOnSignals,
} from '@backoffice/platform/worker';
import { crmConfigSchema } from './crm.config';
import { LeadsQueue } from './extraction/leads-queue';
import { GroupPartitions } from './groups/group-partitions';
import { LeadGroupEntity } from './groups/lead-group.entity';
import { ImportLeadsJob } from './import/import-leads.job';
import { IndexLeadGroupJob } from './import/index-lead-group.job';
import { LeadJobsWorker } from './import/lead-jobs.worker';
import { loadSsnKey } from './security/ssn-cipher';
import { LeadUploadEntity } from './uploads/lead-upload.entity';
import { UploadStore } from './uploads/upload-store';

/**
 * The leads worker process: the BullMQ jobs of the crm queue, with health and metrics on PORT. It is built by hand
 * from what the jobs need (MikroORM on the two tables they touch, the queue, the upload store, the outbox writer)
 * and loads no Nest application, HTTP framework, OpenAPI, Passport or Kafka: docs/architecture.md ("The leads
 * worker") gives its memory against the API process. The crm API owns the schema: it migrates before it serves,
 * and every job is enqueued by it, so the worker never migrates.
 */
async function main(): Promise<void> {
  applyRuntimeSettings(); // before the import threads start: they take V8's settings from the process
  const config = parseConfig(crmConfigSchema);
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  Logger.overrideLogger(new PinoNestLogger(logger));
  // Connected on first use: with the database away the worker still starts, says so on /health/ready, and its jobs
  // wait in the queue (retried with back-off) until the database answers.
  const orm = await MikroORM.init({ ...ormOptions(config, [LeadUploadEntity, LeadGroupEntity]), connect: false });
  const leadsQueue = new LeadsQueue(config);
  const partitions = new GroupPartitions();
  const worker = new LeadJobsWorker(config, [
    new ImportLeadsJob(orm, new UploadStore(config), partitions, new OutboxService(config), leadsQueue, config, loadSsnKey(config)),
    new IndexLeadGroupJob(orm, partitions),
  ]);
  worker.start();
  const ops = await serveOps({
    service: config.SERVICE_NAME,
    port: config.PORT,
    host: config.HOST,
    probes: { redis: () => worker.ping(), database: () => orm.em.getConnection().execute('select 1') },
  });
  releaseMemory(); // what starting up grew, before the first job
  // Running imports go back to the queue at once (see LeadJobsWorker), then the connections close.
  stopOnSignals(logger, config.SHUTDOWN_GRACE_MS, async () => {
    await worker.stop();
    await Promise.all([leadsQueue.onApplicationShutdown(), orm.close(), new Promise((done) => ops.close(done))]);
  });
  logger.info({ port: config.PORT }, `${config.SERVICE_NAME} worker listening`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
