// The Docker engine the container tests and the image builds talk to.
//
//   node deploy/docker/engine.mjs up     # reuse the engine that answers (DOCKER_HOST or the default socket), else start one
//   node deploy/docker/engine.mjs down   # stop the engine only if `up` started it
//
// A daemon started here runs with the system's defaults (/var/lib/docker, /var/run/docker.sock) and
// `--iptables=false`: the machine's firewall is left alone, and containers have no way out, which is what tests want
// (published ports and the networks between containers still work). Its log is .local/docker/dockerd.log and what was
// started is recorded in .local/docker/started.json, so `down` never stops a daemon somebody else runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable, isAlive, LOCAL, readFile, ROOT, waitUntil } from '../local/util.mjs';

const STATE = path.join(LOCAL, 'docker');
const RECORD = path.join(STATE, 'started.json');

/**
 * The docker CLI to drive builds with. Debian's docker.io puts its 20.10 CLI at /usr/bin/docker, whose `docker build`
 * uses the engine's own BuildKit (DOCKER_BUILDKIT=1); a newer CLI found first on PATH may insist on a buildx plugin
 * the machine does not have.
 */
export const DOCKER = fs.existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

/** Runs the docker CLI to its end; its output, or throws with it. */
export function docker(args, { input, stdio = 'pipe', env, cwd = ROOT } = {}) {
  const result = spawnSync(DOCKER, args, {
    cwd,
    encoding: 'utf8',
    input,
    stdio: stdio === 'inherit' ? ['pipe', 'inherit', 'inherit'] : 'pipe',
    env: { ...process.env, DOCKER_BUILDKIT: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `docker ${args.join(' ')} failed (exit ${result.status})\n${(result.stderr ?? '').trim().split('\n').slice(-20).join('\n')}`,
    );
  }
  return (result.stdout ?? '').trim();
}

/** Whether an engine answers at the current DOCKER_HOST (or the default socket). */
export function engineAnswers() {
  return spawnSync(DOCKER, ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8', timeout: 10_000 }).status === 0;
}

/** Makes sure an engine answers; answers { started } (true when this call started the daemon). */
export async function ensureEngine({ log = console.log } = {}) {
  if (engineAnswers()) return { started: false };
  if (process.env.DOCKER_HOST) throw new Error(`no Docker engine answers at DOCKER_HOST=${process.env.DOCKER_HOST}`);
  const dockerd = findExecutable('dockerd');
  if (!dockerd) throw new Error('no Docker engine answers and dockerd is not installed (npm test installs docker.io as root)');
  if (process.getuid?.() !== 0) throw new Error('no Docker engine answers; start one (as root: dockerd --iptables=false &) and try again');
  fs.mkdirSync(STATE, { recursive: true });
  const logFile = path.join(STATE, 'dockerd.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(dockerd, ['--iptables=false'], { detached: true, stdio: ['ignore', out, out] });
  child.unref();
  fs.closeSync(out);
  fs.writeFileSync(RECORD, JSON.stringify({ pid: child.pid }) + '\n');
  const t0 = Date.now();
  await waitUntil(60_000, () => engineAnswers(), {
    what: 'the Docker engine',
    detail: () => (readFile(logFile) ?? '').trim().split('\n').slice(-15).join('\n'),
  });
  log(`docker: engine started (pid ${child.pid}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { started: true };
}

/** Stops the daemon `ensureEngine` started (none else); waits until it has gone. */
export async function stopEngine({ log = console.log } = {}) {
  const record = JSON.parse(readFile(RECORD) ?? 'null');
  if (!record?.pid) return;
  if (isAlive(record.pid) && /dockerd/.test(readFile(`/proc/${record.pid}/cmdline`) ?? '')) {
    process.kill(record.pid, 'SIGTERM');
    await waitUntil(60_000, () => !isAlive(record.pid), { what: 'dockerd to stop' }).catch(() => process.kill(record.pid, 'SIGKILL'));
    log(`docker: engine stopped (pid ${record.pid})`);
  }
  fs.rmSync(RECORD, { force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const action = process.argv[2];
  if (action === 'up') await ensureEngine();
  else if (action === 'down') await stopEngine();
  else {
    console.error('usage: engine.mjs up|down');
    process.exit(2);
  }
}
