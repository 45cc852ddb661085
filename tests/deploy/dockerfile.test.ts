import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  COMPOSE_FILE,
  ROOT,
  deployProcesses,
  effective,
  effectiveEnv,
  exampleEnvWithSecrets,
  loadCompose,
  readDockerfile,
  stageChain,
} from './deploy-model';

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
/** The Dockerfile target of a process: one shape for every service, the gateway's adds the console. */
const targetOf = (name: string) => (name === 'gateway' ? 'gateway' : 'service');

describe('deploy/docker/Dockerfile', () => {
  it('builds offline: no syntax line (it makes BuildKit pull a frontend image from a registry)', () => {
    const text = readFileSync(join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
    expect(text).not.toMatch(/^#\s*syntax\s*=/im);
  });

  it('has one stage shape for every process instead of a stage per process', () => {
    const names = stages.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const process of processes) expect(names).not.toContain(`deps-${process.name}`);
    expect(names).toEqual(expect.arrayContaining(['deps', 'service', 'gateway']));
    expect(stage('gateway').from).toBe('service');
    expect(
      stage('deps')
        .instructions.filter((i) => i.keyword === 'ARG')
        .map((i) => i.args),
    ).toEqual(['WORKSPACE', 'ENTRY=main']);
    expect(
      stage('service')
        .instructions.filter((i) => i.keyword === 'ARG')
        .map((i) => i.args),
    ).toEqual(['WORKSPACE', 'PORT']);
  });

  it('builds every image on NODE_IMAGE (node:24-slim unless a base made here is named)', () => {
    expect(args.NODE_IMAGE).toBe('node:24-slim');
    for (const target of ['service', 'gateway']) expect(stageChain(stages, target).at(-1)!.from).toBe('${NODE_IMAGE}');
  });

  it('installs with npm workspaces, then compiles with swc and the console with Vite, dropping specs and source maps', () => {
    expect(runs('build-deps').join('\n')).toMatch(/npm install$/);
    expect(runs('build-server').join('\n')).toMatch(
      /node deploy\/local\/build\.mjs .*-name '\*\.map' -o -name '\*\.spec\.js' -o -name '\*\.test\.js' \\\) -delete/,
    );
    expect(runs('build-console').join('\n')).toMatch(/cd console && npx vite build && find dist -name '\*\.map' -delete/);
    expect(copies('build-deps')).toEqual(['--from=manifests /manifests/ ./']);
    expect(runs('manifests').join('\n')).toMatch(/libs\/\*\/package\.json services\/\*\/package\.json console\/package\.json/);
  });

  it('hands the machine’s extra CA to every npm install as a BuildKit secret, never as a file in a layer', () => {
    // The CA is named for the npm installs alone: no stage's environment carries it (a build step without the secret
    // mounted would warn that the file is missing; a runtime image must not trust it).
    for (const name of ['build-deps', 'deps']) {
      expect(runs(name).join('\n')).toMatch(/--mount=type=secret,id=extra_ca NODE_EXTRA_CA_CERTS=\/run\/secrets\/extra_ca npm install/);
    }
    for (const target of ['deps', 'build-server', 'service', 'gateway']) {
      expect(effectiveEnv(stageChain(stages, target)).NODE_EXTRA_CA_CERTS).toBeUndefined();
    }
  });

  it('runs each process as the non-root node user, with a health check on /health/live through fetch', () => {
    const script = readFileSync(join(ROOT, 'deploy/docker/healthcheck.mjs'), 'utf8');
    expect(script).toMatch(/await fetch\(`http:\/\/127\.0\.0\.1:\$\{port\}\$\{path\}`/);
    expect(script).toMatch(/\?\? '\/health\/live'/);
    for (const target of ['service', 'gateway']) {
      const chain = stageChain(stages, target);
      expect(effective(chain, 'USER')).toBe('node');
      expect(effective(chain, 'HEALTHCHECK')).toMatch(
        /CMD \["node", "\/usr\/local\/lib\/backoffice\/healthcheck\.mjs", "\/health\/live"\]/,
      );
    }
    expect(copies('runtime')).toContain('deploy/docker/healthcheck.mjs /usr/local/lib/backoffice/healthcheck.mjs');
  });

  it('starts the entry script its build arguments name, on their port, without source maps', () => {
    expect(runs('deps').join('\n')).toMatch(/ln -s services\/\$\{WORKSPACE\}\/dist\/\$\{ENTRY\}\.js main\.js$/);
    const chain = stageChain(stages, 'service');
    expect(effective(chain, 'CMD')).toBe('["node", "main.js"]');
    const env = effectiveEnv(chain);
    expect({ SERVICE_NAME: env.SERVICE_NAME, PORT: env.PORT, NODE_ENV: env.NODE_ENV }).toEqual({
      SERVICE_NAME: '${WORKSPACE}',
      PORT: '${PORT}',
      NODE_ENV: 'production',
    });
    expect(effective(chain, 'EXPOSE')).toBe('${PORT}');
  });

  it('ships only production dependencies of the process workspace, and its compiled code', () => {
    expect(runs('deps').join('\n')).toMatch(/npm install --omit=dev --workspace services\/\$\{WORKSPACE\}/);
    const own = copies('service');
    expect(own).toContain('--from=deps /app ./');
    for (const dist of ['libs/contracts/dist', 'libs/platform/dist', 'services/${WORKSPACE}/dist']) {
      expect(own).toContain(`--from=build-server /app/${dist} ${dist}`);
    }
    // Nothing is installed or built in a runtime image.
    for (const target of ['service', 'gateway']) {
      expect(stageChain(stages, target).flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args))).toEqual([
        'mkdir -p /var/lib/backoffice/files && chown -R node:node /var/lib/backoffice',
      ]);
    }
  });

  it('is built for each process with the arguments compose gives, as image backoffice/<process>', () => {
    const { compose } = loadCompose(exampleEnvWithSecrets());
    for (const process of processes) {
      const build = compose.services[process.name].build as unknown as { target: string; args: Record<string, string> };
      expect({ process: process.name, target: build.target, args: build.args }).toEqual({
        process: process.name,
        target: targetOf(process.name),
        args: {
          NODE_IMAGE: 'node:24-slim',
          WORKSPACE: process.service,
          PORT: String(process.port),
          ENTRY: basename(process.script, '.js'),
        },
      });
    }
    expect(COMPOSE_FILE).toMatch(/docker-compose\.yml$/);
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
