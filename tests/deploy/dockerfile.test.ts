import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, deployProcesses, effective, effectiveEnv, readDockerfile, stageChain } from './deploy-model';

const { args, stages } = readDockerfile();
const processes = deployProcesses();
const stage = (name: string) => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`Dockerfile has no stage ${name}`);
  return found;
};
const runs = (name: string) =>
  stage(name)
    .instructions.filter((i) => i.keyword === 'RUN')
    .map((i) => i.args);
const copies = (name: string) =>
  stage(name)
    .instructions.filter((i) => i.keyword === 'COPY')
    .map((i) => i.args);

describe('deploy/docker/Dockerfile', () => {
  it('has one target per process, named as compose and Kubernetes name them', () => {
    const names = stages.map((s) => s.name);
    for (const process of processes) expect(names).toContain(process.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('builds every image on Node 24 slim', () => {
    expect(args.NODE_IMAGE).toBe('node:24-slim');
    for (const process of processes) {
      const chain = stageChain(stages, process.name);
      expect({ target: process.name, base: chain.at(-1)!.from }).toEqual({ target: process.name, base: '${NODE_IMAGE}' });
    }
  });

  it('installs with npm workspaces, then compiles with swc and the console with Vite', () => {
    expect(runs('build-deps').join('\n')).toMatch(/npm install/);
    expect(runs('build-server').join('\n')).toMatch(/node deploy\/local\/build\.mjs/);
    expect(runs('build-console').join('\n')).toMatch(/cd console && npx vite build/);
    expect(copies('build-deps')).toEqual(['--from=manifests /manifests/ ./']);
    expect(runs('manifests').join('\n')).toMatch(/libs\/\*\/package\.json services\/\*\/package\.json console\/package\.json/);
  });

  it('runs each process as the non-root node user, with a health check on /health/live through fetch', () => {
    const script = readFileSync(join(ROOT, 'deploy/docker/healthcheck.mjs'), 'utf8');
    expect(script).toMatch(/await fetch\(`http:\/\/127\.0\.0\.1:\$\{port\}\$\{path\}`/);
    expect(script).toMatch(/\?\? '\/health\/live'/);
    for (const process of processes) {
      const chain = stageChain(stages, process.name);
      expect({ target: process.name, user: effective(chain, 'USER') }).toEqual({ target: process.name, user: 'node' });
      expect(effective(chain, 'HEALTHCHECK')).toMatch(
        /CMD \["node", "\/usr\/local\/lib\/backoffice\/healthcheck\.mjs", "\/health\/live"\]/,
      );
    }
    expect(copies('runtime')).toContain('deploy/docker/healthcheck.mjs /usr/local/lib/backoffice/healthcheck.mjs');
  });

  it('starts the right script on the right port, for the right service', () => {
    for (const process of processes) {
      const chain = stageChain(stages, process.name);
      expect(effective(chain, 'CMD')).toBe(`["node", "--enable-source-maps", "${process.script}"]`);
      const env = effectiveEnv(chain);
      expect({ target: process.name, PORT: env.PORT, SERVICE_NAME: env.SERVICE_NAME, NODE_ENV: env.NODE_ENV }).toEqual({
        target: process.name,
        PORT: String(process.port),
        SERVICE_NAME: process.service,
        NODE_ENV: 'production',
      });
      expect(effective(chain, 'EXPOSE')).toBe(String(process.port));
    }
  });

  it('ships only production dependencies of the process workspace, and its compiled code', () => {
    for (const process of processes) {
      const own = copies(process.name);
      const deps = `deps-${process.service}`;
      expect(own).toContain(`--from=${deps} /app ./`);
      expect(runs(deps)).toEqual([`--mount=type=cache,target=/root/.npm npm install --omit=dev --workspace services/${process.service}`]);
      for (const dist of ['libs/contracts/dist', 'libs/platform/dist', `services/${process.service}/dist`]) {
        expect(own).toContain(`--from=build-server /app/${dist} ${dist}`);
      }
      // Nothing is installed or built in a runtime image.
      expect(stageChain(stages, process.name).flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args))).toEqual(
        ['mkdir -p /var/lib/backoffice/files && chown -R node:node /var/lib/backoffice'],
      );
    }
  });

  it('puts the built console into the gateway image', () => {
    expect(copies('gateway')).toContain('--from=build-console /app/console/dist console/dist');
    expect(effectiveEnv(stageChain(stages, 'gateway')).CONSOLE_DIR).toBe('/app/console/dist');
  });

  it('keeps the build context small and free of local state and secrets', () => {
    const ignore = readFileSync(join(ROOT, 'deploy/docker/Dockerfile.dockerignore'), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.local', '.env', 'deploy/k8s/overlays/*/*.env']));
  });
});
