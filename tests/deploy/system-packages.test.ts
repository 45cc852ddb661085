/**
 * A fresh machine: `npm start` / `npm test` install what the machine lacks from Debian packages where this user
 * can, else print the one command to run (deploy/local/system-packages.mjs, run by deploy/local/bootstrap.sh).
 * The decisions are checked here without installing anything.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './deploy-model';

interface Situation {
  mode: string;
  env: Record<string, string>;
  open: { postgres: boolean; redis: boolean; kafka: boolean };
  kafkaJars: boolean;
  executables: string[];
}

/** Runs the module's decisions in a child Node (it is an ES module). */
function decide(situation: Situation, who: { isRoot: boolean; canSudo: boolean; hasAptGet: boolean }) {
  const script = `
    import { missingPackages, installPlan } from ${JSON.stringify(join(ROOT, 'deploy/local/system-packages.mjs'))};
    const s = ${JSON.stringify(situation)};
    const packages = missingPackages({ ...s, has: (name) => s.executables.includes(name) });
    console.log(JSON.stringify({ packages, plan: packages.length ? installPlan(packages, ${JSON.stringify(who)}) : null }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { packages: string[]; plan: { run: string | null; advice: string } | null };
}

const bare: Situation = { mode: 'test', env: {}, open: { postgres: false, redis: false, kafka: false }, kafkaJars: false, executables: [] };
const root = { isRoot: true, canSudo: false, hasAptGet: true };

describe('system packages of a fresh machine', () => {
  it('bootstrap.sh (the entry of npm start and npm test) is valid shell and runs the check', () => {
    const script = join(ROOT, 'deploy/local/bootstrap.sh');
    const syntax = spawnSync('bash', ['-n', script], { encoding: 'utf8' });
    expect(syntax.stderr).toBe('');
    expect(syntax.status).toBe(0);
  });

  it('installs everything a bare Debian machine lacks, as root, in one apt-get', () => {
    const { packages, plan } = decide(bare, root);
    expect(packages).toEqual(['postgresql', 'redis-server', 'default-jre-headless', 'maven', 'chromium', 'docker.io', 'debootstrap']);
    expect(plan!.run).toBe(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql redis-server default-jre-headless maven chromium docker.io debootstrap',
    );
  });

  it('asks for nothing that is installed, given by the environment, or already answering', () => {
    const all = ['pg_ctlcluster', 'redis-server', 'java', 'mvn', 'chromium', 'dockerd', 'debootstrap'];
    expect(decide({ ...bare, executables: all }, root).packages).toEqual([]);
    const tools = ['chromium', 'dockerd', 'debootstrap'];
    const given = { ...bare, executables: tools, env: { DATABASE_URL: 'postgres://db', REDIS_URL: 'redis://r', KAFKA_BROKERS: 'k:9092' } };
    expect(decide(given, root).packages).toEqual([]);
    expect(decide({ ...bare, executables: tools, open: { postgres: true, redis: true, kafka: true } }, root).packages).toEqual([]);
    // The container tests are npm test's: npm start needs neither the engine nor debootstrap.
    expect(decide({ ...bare, mode: 'start', executables: ['pg_ctlcluster', 'redis-server', 'java', 'mvn'] }, root).packages).toEqual([]);
    // The Kafka jars already fetched: Maven is not needed; npm start needs no browser.
    expect(decide({ ...bare, mode: 'start', kafkaJars: true, executables: ['java'] }, root).packages).toEqual([
      'postgresql',
      'redis-server',
    ]);
  });

  it('uses sudo without a password when it can, and otherwise prints the one command to run', () => {
    expect(decide(bare, { isRoot: false, canSudo: true, hasAptGet: true }).plan!.run).toMatch(/^sudo sh -c 'apt-get update/);
    const denied = decide(bare, { isRoot: false, canSudo: false, hasAptGet: true }).plan!;
    expect(denied.run).toBeNull();
    expect(denied.advice).toMatch(/^sudo sh -c 'apt-get update -qq && .* install -y -qq postgresql redis-server/);
    const other = decide(bare, { isRoot: true, canSudo: false, hasAptGet: false }).plan!;
    expect(other.run).toBeNull();
    expect(other.advice).toMatch(/no apt-get here/);
  });
});
