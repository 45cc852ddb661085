import Ajv from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { databaseName, SERVICE_NAMES } from '@backoffice/contracts';
import {
  DOCKERFILE,
  ENV_EXAMPLE,
  ROOT,
  deployProcesses,
  exampleEnvWithSecrets,
  interpolate,
  loadCompose,
  readDockerfile,
  readEnvFile,
} from './deploy-model';

/** The Compose Specification's JSON schema (draft-07), as shipped by the dclint package. */
const { $schema: draft, ...composeSchema } = JSON.parse(
  readFileSync(join(dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json'), 'utf8'),
) as Record<string, unknown>;
// Ajv's default dialect is draft-07; the file names it by a URL spelling Ajv does not register.
let compiled: ReturnType<Ajv['compile']> | undefined;
const composeValidator = () => {
  expect(draft).toMatch(/draft-07/);
  return (compiled ??= new Ajv({ strict: false, allErrors: true }).compile(composeSchema));
};

const { compose, used } = loadCompose(exampleEnvWithSecrets());
const services = compose.services;
const processes = deployProcesses();
const INFRA = ['postgres', 'redis', 'kafka'];

/** One-shot jobs: never restarted, and awaited by others with service_completed_successfully. */
const oneShot = (name: string) =>
  services[name].restart === 'no' &&
  Object.values(services).some((s) => !Array.isArray(s.depends_on) && s.depends_on?.[name]?.condition === 'service_completed_successfully');

describe('docker-compose.yml', () => {
  it('validates against the Compose Specification JSON schema', () => {
    const validate = composeValidator();
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('a Compose schema violation is caught (the check is live)', () => {
    const validate = composeValidator();
    const broken = structuredClone(compose);
    (broken.services.gateway as Record<string, unknown>).healthcheck = { test: ['CMD', 'true'], interval: 10 };
    (broken.services.gateway as Record<string, unknown>).restarts = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('runs PostgreSQL, Redis, Kafka, every service, every extra process (the leads worker) and the gateway', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...INFRA, ...processes.map((p) => p.name)]));
    expect(processes.map((p) => p.name)).toEqual(expect.arrayContaining([...SERVICE_NAMES, 'crm-worker', 'gateway']));
  });

  it('every long-running service has a health check; the only exception is a one-shot job', () => {
    for (const [name, service] of Object.entries(services)) {
      if (oneShot(name)) continue;
      expect({ name, test: service.healthcheck?.test, disabled: service.healthcheck?.disable ?? false }).toEqual({
        name,
        test: expect.anything(),
        disabled: false,
      });
    }
    expect(Object.keys(services).filter(oneShot)).toEqual(['postgres-init']);
  });

  it('application health checks ask /health/ready of the process itself', () => {
    for (const process of processes) {
      expect(services[process.name].healthcheck?.test).toEqual([
        'CMD',
        'node',
        '/usr/local/lib/backoffice/healthcheck.mjs',
        '/health/ready',
      ]);
    }
  });

  it('starts in order: every dependency is awaited on a condition, and each process waits for what it uses', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ name, list: Array.isArray(service.depends_on) }).toEqual({ name, list: false });
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency]).toBeDefined();
        const expected = oneShot(dependency) ? 'service_completed_successfully' : 'service_healthy';
        expect({ name, dependency, condition }).toEqual({ name, dependency, condition: expected });
      }
    }
    for (const process of processes.filter((p) => p.database)) {
      expect(Object.keys(services[process.name].depends_on ?? {})).toEqual(expect.arrayContaining(['postgres-init', 'redis', 'kafka']));
    }
    expect(Object.keys(services.gateway.depends_on ?? {})).toEqual(expect.arrayContaining(['redis', ...SERVICE_NAMES]));
    expect(Object.keys(services['postgres-init'].depends_on ?? {})).toEqual(['postgres']);
    expect(Object.keys(services['crm-worker'].depends_on ?? {})).toContain('crm');
  });

  it('builds each process from the Dockerfile (its target and arguments: dockerfile.test.ts) as image backoffice/<process>', () => {
    const targets = new Set(readDockerfile().stages.map((s) => s.name));
    for (const process of processes) {
      const service = services[process.name];
      expect(service.build).toMatchObject({ context: '.', dockerfile: DOCKERFILE });
      expect(targets.has(service.build!.target!)).toBe(true);
      expect(service.image).toBe(`backoffice/${process.name}:latest`);
    }
  });

  it('gives each process its name, port and own database', () => {
    for (const process of processes) {
      const env = services[process.name].environment ?? {};
      expect({ process: process.name, SERVICE_NAME: env.SERVICE_NAME, PORT: String(env.PORT) }).toEqual({
        process: process.name,
        SERVICE_NAME: process.service,
        PORT: String(process.port),
      });
      if (process.database) expect(String(env.DATABASE_URL)).toMatch(new RegExp(`@postgres:5432/${process.database}$`));
      else expect(env.DATABASE_URL).toBeUndefined();
    }
  });

  it('publishes only the gateway, on 8080', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    expect(services.gateway.ports).toEqual(['8080:8080']);
  });

  it('runs Kafka from the official Apache image in KRaft mode (no ZooKeeper)', () => {
    const kafka = services.kafka;
    expect(kafka.image).toMatch(/^apache\/kafka:\d+\.\d+\.\d+$/);
    expect(kafka.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.environment?.KAFKA_CONTROLLER_QUORUM_VOTERS).toBeDefined();
    expect(Object.keys(kafka.environment ?? {}).filter((k) => k.includes('ZOOKEEPER'))).toEqual([]);
    expect(Object.keys(services).some((name) => name.includes('zookeeper'))).toBe(false);
    for (const process of processes.filter((p) => p.database)) expect(services[process.name].environment?.KAFKA_BROKERS).toBe('kafka:9092');
  });

  it('keeps data in named volumes: the databases, the queues, the broker and uploaded files', () => {
    const named = (name: string) =>
      (services[name].volumes ?? [])
        .map((v) => String(v).split(':')[0])
        .filter((source) => !source.startsWith('.') && !source.startsWith('/'));
    expect(named('postgres')).toEqual(['postgres-data']);
    expect(named('redis')).toEqual(['redis-data']);
    expect(named('kafka')).toEqual(['kafka-data']);
    expect(named('catalogue')).toEqual(['catalogue-files']);
    expect(named('crm')).toEqual(['crm-files']);
    expect(named('crm-worker')).toEqual(['crm-files']);
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of Object.keys(services)) for (const volume of named(name)) expect(declared).toContain(volume);
  });

  it('creates every service database (and only those) with the postgres-init job, from a script that exists', () => {
    const init = services['postgres-init'];
    expect(String(init.environment?.APP_DATABASES).split(',')).toEqual(SERVICE_NAMES.map(databaseName));
    const script = String(init.volumes?.[0]).split(':')[0];
    expect(existsSync(join(ROOT, script))).toBe(true);
    expect(readFileSync(join(ROOT, script), 'utf8')).toContain('CREATE DATABASE %I OWNER %I');
  });

  it('reads its configuration from .env, and .env.example documents every variable it uses', () => {
    const example = readEnvFile(ENV_EXAMPLE);
    expect([...used].filter((name) => !(name in example))).toEqual([]);
    expect(Object.keys(example).filter((name) => !used.has(name))).toEqual([]);
  });

  it('refuses to start without the generated secrets, naming the way to make them', () => {
    expect(() => loadCompose(readEnvFile(ENV_EXAMPLE))).toThrow(/make-env\.mjs/);
  });

  it('interpolates like docker compose', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('$$SET ${SET} $SET ${EMPTY:-d} ${EMPTY-d} ${UNSET-d}', env)).toBe('$SET x x d  d');
    expect(() => interpolate('${EMPTY:?needed}', env)).toThrow(/needed/);
    expect(interpolate('${EMPTY?needed}', env)).toBe('');
  });
});
