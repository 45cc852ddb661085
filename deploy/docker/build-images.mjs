// Builds the project's images with deploy/docker/Dockerfile, one per process, with no registry needed.
//
//   node deploy/docker/build-images.mjs [--tag latest] [--only identity,gateway]
//
// Starts from the base images base-images.mjs chooses (the official ones when they can be pulled, else the project's
// own), tags backoffice/<process>:<tag> (BACKOFFICE_VERSION, else latest) and prints each image's size. BuildKit
// reuses every layer whose inputs did not change, so a second run only checks. NODE_EXTRA_CA_CERTS, when set, is
// handed to the npm installs as the BuildKit secret `extra_ca` (a TLS-inspecting proxy's CA; never in a layer).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from '../local/build.mjs';
import { contracts, processList } from '../local/stack.mjs';
import { ROOT, withLock } from '../local/util.mjs';
import { ensureBaseImages } from './base-images.mjs';
import { docker } from './engine.mjs';

export const IMAGE_PREFIX = 'backoffice/';

/** The processes that ship as images: each one's Dockerfile target and build arguments. */
export async function imageProcesses() {
  await buildServer(() => {}); // libs/contracts/dist: the service names and ports
  const { SERVICE_PORTS } = contracts();
  return processList()
    .filter((p) => p.deploy !== false)
    .map((p) => {
      const port = p.port ?? SERVICE_PORTS[p.service];
      const entry = path.basename(p.script, '.js');
      const target = p.service === 'gateway' ? 'gateway' : 'service';
      return { name: p.name, target, args: { WORKSPACE: p.service, PORT: String(port), ENTRY: entry } };
    });
}

/** Builds every image (or those of `only`); answers [{ name, image, bytes, seconds }]. */
export async function buildImages({ tag = process.env.BACKOFFICE_VERSION || 'latest', only, log = console.log } = {}) {
  const bases = await ensureBaseImages({ log });
  const processes = (await imageProcesses()).filter((p) => !only || only.includes(p.name));
  const secret = process.env.NODE_EXTRA_CA_CERTS && fs.existsSync(process.env.NODE_EXTRA_CA_CERTS);
  return withLock(path.join(ROOT, '.local/docker/build-images'), async () => {
    const built = [];
    for (const p of processes) {
      const image = `${IMAGE_PREFIX}${p.name}:${tag}`;
      const t0 = Date.now();
      const args = { NODE_IMAGE: bases.NODE_IMAGE, ...p.args };
      docker(
        [
          'build',
          '--network',
          'host',
          '-f',
          'deploy/docker/Dockerfile',
          '--target',
          p.target,
          ...Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
          ...(secret ? ['--secret', `id=extra_ca,src=${process.env.NODE_EXTRA_CA_CERTS}`] : []),
          '--label',
          `org.backoffice.process=${p.name}`,
          '-t',
          image,
          '.',
        ],
        { stdio: process.env.BUILD_IMAGES_QUIET ? 'pipe' : 'inherit', cwd: ROOT },
      );
      const bytes = Number(docker(['image', 'inspect', '--format', '{{.Size}}', image]));
      const seconds = (Date.now() - t0) / 1000;
      log(`images: ${image} ${(bytes / 1e6).toFixed(0)} MB (${seconds.toFixed(0)} s)`);
      built.push({ name: p.name, image, bytes, seconds });
    }
    return built;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { tag: { type: 'string' }, only: { type: 'string' } } });
  await buildImages({ tag: values.tag, only: values.only?.split(',') });
}
