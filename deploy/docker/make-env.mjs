// Writes an env file from its committed template and fills every empty secret with a fresh value.
//
//   node deploy/docker/make-env.mjs                      # .env for docker compose, from .env.example
//   node deploy/docker/make-env.mjs --format kustomize \
//        --template deploy/k8s/overlays/development/secrets.env.example --out deploy/k8s/overlays/development/secrets.env
//
// Values already in the output file are kept (run it again after an upgrade: only new keys are added).
// `--rotate NAME[,NAME]` replaces those values (JWT_KEYS stands for the key pair). Node built-ins only.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    // Pairs: the n-th --template is written to the n-th --out.
    template: { type: 'string', multiple: true, default: ['.env.example'] },
    out: { type: 'string', multiple: true, default: ['.env'] },
    rotate: { type: 'string', default: '' },
    // compose: values in single quotes (taken literally by docker compose); kustomize: bare values (its env files keep quotes).
    format: { type: 'string', default: 'compose' },
  },
});

const hex = (bytes) => () => randomBytes(bytes).toString('hex');
/** One line with literal \n: docker compose and kustomize env files take it, and the services turn it back into a PEM. */
const oneLine = (pem) => pem.trim().replace(/\n/g, '\\n');

let keyPair;
const jwtKeys = () =>
  (keyPair ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }));

/** How each secret is made; a key of the template missing here is copied as the template has it. */
const GENERATORS = {
  POSTGRES_PASSWORD: hex(24),
  DB_PASSWORD: hex(24),
  password: hex(24),
  REDIS_PASSWORD: hex(24),
  TOTP_ENCRYPTION_KEY: hex(32),
  CRM_SSN_KEY: () => randomBytes(32).toString('base64'),
  ADMIN_PASSWORD: () => `${randomBytes(12).toString('base64url')}-9a`,
  JWT_PRIVATE_KEY: () => oneLine(jwtKeys().privateKey),
  JWT_PUBLIC_KEY: () => oneLine(jwtKeys().publicKey),
};

if (!['compose', 'kustomize'].includes(args.format)) throw new Error('--format is compose or kustomize');
const quote = (value) => (args.format === 'compose' ? `'${value}'` : value);

const rotate = new Set(
  args.rotate
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .flatMap((name) => (name === 'JWT_KEYS' ? ['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'] : [name])),
);
for (const name of rotate) {
  if (!GENERATORS[name]) throw new Error(`--rotate: no generator for ${name} (known: ${Object.keys(GENERATORS).join(', ')}, JWT_KEYS)`);
}

const LINE = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/;

function readEnv(path) {
  const values = new Map();
  if (!existsSync(path)) return values;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = LINE.exec(line);
    if (match) values.set(match[1], match[2]);
  }
  return values;
}

if (args.template.length !== args.out.length) throw new Error('give one --out for each --template');

/** kustomize env files are taken literally: expand ${NAME} from the values of the same file. */
const expand = (value, values) =>
  args.format === 'kustomize' ? value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => values.get(name) ?? '') : value;

function writeEnvFile(template, out) {
  const templatePath = resolve(template);
  const outPath = resolve(out);
  const existing = readEnv(outPath);
  const generated = [];
  const values = new Map();
  const output = [];
  const seen = new Set();

  for (const line of readFileSync(templatePath, 'utf8').split('\n')) {
    const match = LINE.exec(line);
    if (!match) {
      output.push(line);
      continue;
    }
    const [, name, templateValue] = match;
    seen.add(name);
    // A value built from others (kustomize: ${NAME}) follows them; any other value already written is kept.
    const derived = args.format === 'kustomize' && templateValue.includes('${');
    let value = existing.has(name) && !derived ? existing.get(name) : expand(templateValue, values);
    const unquoted = value.trim().replace(/^'(.*)'$/, '$1');
    if (GENERATORS[name] && (unquoted === '' || rotate.has(name))) {
      value = quote(GENERATORS[name]());
      generated.push(name);
    }
    values.set(name, value.trim().replace(/^'(.*)'$/, '$1'));
    output.push(`${name}=${value}`);
  }
  // Keys the operator added by hand stay too.
  const extra = [...existing].filter(([name]) => !seen.has(name));
  if (extra.length) output.push('', '# ---- Kept from the previous file', ...extra.map(([name, value]) => `${name}=${value}`));

  writeFileSync(outPath, output.join('\n'), { mode: 0o600 });
  console.log(`wrote ${out}${generated.length ? `; generated ${generated.join(', ')}` : '; nothing to generate'}`);
  if (generated.includes('ADMIN_PASSWORD')) {
    console.log(`first sign-in: ${values.get('ADMIN_EMAIL') ?? 'admin@backoffice.local'} / ${values.get('ADMIN_PASSWORD')}`);
  }
}

args.template.forEach((template, index) => writeEnvFile(template, args.out[index]));
