// What `npm start`, `npm test` and `npm run bench` need from the machine, installed from Debian packages where
// this user can (root, or sudo without a password), else the one command to run, printed before stopping.
//
//   node deploy/local/system-packages.mjs start|test|bench
//
// A need is skipped when its server is given (DATABASE_URL, REDIS_URL, KAFKA_BROKERS) or already answers on its
// usual port, and Maven when the Kafka jars are already fetched (.cache/kafka/libs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable, isPortOpen, ROOT } from './util.mjs';

/** Each need: the executables that show it is there, the Debian packages that bring it, and when it is needed. */
export const NEEDS = [
  { name: 'PostgreSQL', executables: ['pg_ctlcluster'], packages: ['postgresql'], when: (s) => !s.env.DATABASE_URL && !s.open.postgres },
  { name: 'Redis', executables: ['redis-server'], packages: ['redis-server'], when: (s) => !s.env.REDIS_URL && !s.open.redis },
  {
    name: 'Java 17+ (the local Kafka broker)',
    executables: ['java'],
    packages: ['default-jre-headless'],
    when: (s) => !s.env.KAFKA_BROKERS && !s.open.kafka && !s.env.JAVA_HOME,
  },
  {
    name: 'Maven (fetches the Kafka jars once)',
    executables: ['mvn'],
    packages: ['maven'],
    when: (s) => !s.env.KAFKA_BROKERS && !s.open.kafka && !s.kafkaJars,
  },
  { name: 'Chromium (browser tests)', executables: ['chromium'], packages: ['chromium'], when: (s) => s.mode !== 'start' },
];

/** The Debian packages missing for `situation` ({ mode, env, open, kafkaJars, has(executable) }). */
export function missingPackages(situation) {
  return NEEDS.filter((need) => need.when(situation) && !need.executables.some((e) => situation.has(e))).flatMap((need) => need.packages);
}

/** How to install `packages`: the command to run here, or null with the command a person must run. */
export function installPlan(packages, { isRoot, canSudo, hasAptGet }) {
  const apt = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`;
  if (!hasAptGet) {
    return { run: null, advice: `install ${packages.join(', ')} with this system's package manager (no apt-get here)` };
  }
  if (isRoot) return { run: apt, advice: apt };
  const sudo = `sudo sh -c '${apt}'`;
  return canSudo ? { run: sudo, advice: sudo } : { run: null, advice: sudo };
}

async function main() {
  const mode = process.argv[2] ?? 'start';
  const [postgres, redis, kafka] = await Promise.all([5432, 6379, 9092].map((port) => isPortOpen('127.0.0.1', port, 500)));
  const kafkaJars = existsSync(join(ROOT, '.cache/kafka/libs/.stamp.json'));
  const packages = missingPackages({ mode, env: process.env, open: { postgres, redis, kafka }, kafkaJars, has: findExecutable });
  if (!packages.length) return;
  const plan = installPlan(packages, {
    isRoot: process.getuid?.() === 0,
    canSudo: Boolean(findExecutable('sudo')) && spawnSync('sudo', ['-n', 'true']).status === 0,
    hasAptGet: Boolean(findExecutable('apt-get')),
  });
  if (plan.run) console.log(`› installing ${packages.join(', ')} from Debian packages`);
  const status = plan.run ? spawnSync('sh', ['-c', plan.run], { stdio: 'inherit' }).status : null;
  if (status !== 0) {
    const what = plan.run ? `Installing failed (exit ${status}). Run it yourself:` : `This machine lacks ${packages.join(', ')}. Run:`;
    console.error(`${what}\n\n  ${plan.advice}\n\nthen npm ${mode} again.`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
