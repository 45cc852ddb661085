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
  // The container tests of `npm test`: the engine (its daemon is started by deploy/docker/engine.mjs) and debootstrap,
  // which makes the Debian base image when no registry can be reached (deploy/docker/base-images.mjs).
  { name: 'Docker engine (container tests)', executables: ['dockerd'], packages: ['docker.io'], when: (s) => s.mode === 'test' },
  { name: 'debootstrap (base images)', executables: ['debootstrap'], packages: ['debootstrap'], when: (s) => s.mode === 'test' },
];

/**
 * Compose v2 (the `docker compose` plugin, which testcontainers and today's docs use). Debian bookworm only ships v1
 * (the Python `docker-compose` 1.29); trixie's `docker-compose` 2.x package is one Go binary that needs nothing newer
 * than bookworm's libc, so it is fetched from trixie through a package list of its own (the machine's sources stay
 * as they are) and installed with dpkg. docs/decisions/0006-compose-v2-from-trixie.md says why.
 */
export const COMPOSE_PLUGIN = '/usr/libexec/docker/cli-plugins/docker-compose';
const COMPOSE_V2_SCRIPT = `set -e
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null | grep -oE 'https?://[^ ]+/debian/?( |$)' | head -n1)
echo "deb \${mirror:-http://deb.debian.org/debian} trixie main" > "$dir/sources.list"
mkdir -p "$dir/lists/partial"
apt="-o APT::Sandbox::User=root -o Dir::Etc::SourceList=$dir/sources.list -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$dir/lists"
apt-get $apt update -qq
(cd "$dir" && apt-get $apt download docker-compose)
dpkg -i "$dir"/docker-compose_*.deb`;

/** Whether `docker compose` (v2) is there: the plugin file, or a CLI that answers `compose version` with v2. */
export function hasComposeV2() {
  if (existsSync(COMPOSE_PLUGIN)) return true;
  const answer = spawnSync('docker', ['compose', 'version', '--short'], { encoding: 'utf8' });
  return answer.status === 0 && /^v?2\./.test(answer.stdout.trim());
}

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

/** Runs `script` as root (directly, or through sudo without a password); false when neither can. */
function runAsRoot(script) {
  if (process.getuid?.() === 0) return spawnSync('sh', ['-c', script], { stdio: 'inherit' }).status === 0;
  if (!findExecutable('sudo') || spawnSync('sudo', ['-n', 'true']).status !== 0) return false;
  return spawnSync('sudo', ['sh', '-c', script], { stdio: 'inherit' }).status === 0;
}

async function main() {
  const mode = process.argv[2] ?? 'start';
  await installPackages(mode);
  if (mode === 'test' && !hasComposeV2()) {
    console.log("› installing Compose v2 (Debian trixie's docker-compose package)");
    if (!runAsRoot(COMPOSE_V2_SCRIPT)) {
      console.error(`Compose v2 is missing and could not be installed. As root, run:\n\n${COMPOSE_V2_SCRIPT}\n\nthen npm ${mode} again.`);
      process.exit(1);
    }
  }
}

async function installPackages(mode) {
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
