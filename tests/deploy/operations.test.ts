import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV_EXAMPLE, ROOT, readEnvFile } from './deploy-model';

const makeEnv = (cwd: string, ...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'deploy/docker/make-env.mjs'), ...args], { cwd, encoding: 'utf8' });
/** Empty in the templates for the operator to fill in (an account's credentials), never generated. */
// The provider's credentials (the operator's account) and the base images (empty: the official ones).
const OPERATOR_SUPPLIED = ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY', 'NODE_IMAGE', 'POSTGRES_IMAGE', 'REDIS_IMAGE', 'KAFKA_IMAGE'];
const pem = (oneLine: string) => oneLine.replace(/\\n/g, '\n');

describe('deploy/docker/make-env.mjs', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'make-env-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .env with every key of .env.example and a fresh value for every secret', () => {
    const output = makeEnv(dir, '--template', ENV_EXAMPLE, '--out', join(dir, '.env'));
    const template = readEnvFile(ENV_EXAMPLE);
    const env = readEnvFile(join(dir, '.env'));
    expect(Object.keys(env)).toEqual(Object.keys(template));
    for (const [key, value] of Object.entries(template)) {
      if (value !== '') continue;
      // Left empty, never made up.
      if (OPERATOR_SUPPLIED.includes(key)) expect({ key, value: env[key] }).toEqual({ key, value: '' });
      else expect({ key, value: env[key] }).toEqual({ key, value: expect.stringMatching(/.{16,}/) });
    }
    // The key pair belongs together and is what the services expect (one line, \n for newlines).
    const publicFromPrivate = createPublicKey(createPrivateKey(pem(env.JWT_PRIVATE_KEY))).export({ type: 'spki', format: 'pem' });
    expect(pem(env.JWT_PUBLIC_KEY).trim()).toBe(String(publicFromPrivate).trim());
    expect(Buffer.from(env.CRM_SSN_KEY, 'base64')).toHaveLength(32);
    expect(output).toContain(`first sign-in: admin@backoffice.local / ${env.ADMIN_PASSWORD}`);
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^JWT_PUBLIC_KEY='-----BEGIN PUBLIC KEY-----\\n/m);
  });

  it('keeps what is already there, and --rotate replaces only what it names', () => {
    const out = join(dir, '.env');
    makeEnv(dir, '--template', ENV_EXAMPLE, '--out', out);
    const first = readEnvFile(out);
    makeEnv(dir, '--template', ENV_EXAMPLE, '--out', out);
    expect(readEnvFile(out)).toEqual(first);
    makeEnv(dir, '--template', ENV_EXAMPLE, '--out', out, '--rotate', 'JWT_KEYS');
    const rotated = readEnvFile(out);
    expect(rotated.JWT_PRIVATE_KEY).not.toBe(first.JWT_PRIVATE_KEY);
    expect(rotated.JWT_PUBLIC_KEY).not.toBe(first.JWT_PUBLIC_KEY);
    expect({ ...rotated, JWT_PRIVATE_KEY: '', JWT_PUBLIC_KEY: '' }).toEqual({ ...first, JWT_PRIVATE_KEY: '', JWT_PUBLIC_KEY: '' });
  });

  it('writes the development cluster secrets as bare values, building REDIS_URL from the generated password', () => {
    const overlay = join(ROOT, 'deploy/k8s/overlays/development');
    makeEnv(
      dir,
      '--format',
      'kustomize',
      '--template',
      join(overlay, 'secrets.env.example'),
      '--out',
      join(dir, 'secrets.env'),
      '--template',
      join(overlay, 'postgres-app.env.example'),
      '--out',
      join(dir, 'postgres-app.env'),
    );
    const secrets = readFileSync(join(dir, 'secrets.env'), 'utf8');
    expect(secrets).not.toMatch(/='/);
    const values = readEnvFile(join(dir, 'secrets.env'));
    expect(values.REDIS_URL).toBe(`redis://:${values.REDIS_PASSWORD}@redis:6379/0`);
    expect(readEnvFile(join(dir, 'postgres-app.env'))).toEqual({
      username: 'backoffice',
      password: expect.stringMatching(/^[0-9a-f]{48}$/),
    });
  });
});

describe('deploy/docker/rotate-ssn-key.mjs', () => {
  const script = readFileSync(join(ROOT, 'deploy/docker/rotate-ssn-key.mjs'), 'utf8');

  it('uses only what crm really has: its cipher, its token prefix, its tables and columns', () => {
    const cipher = require(join(ROOT, 'services/crm/src/security/ssn-cipher.ts')) as Record<string, unknown>;
    expect(typeof cipher.SsnCipher).toBe('function');
    expect(typeof cipher.loadSsnKey).toBe('function');
    const prototype = (cipher.SsnCipher as { prototype: object }).prototype as Record<string, unknown>;
    for (const method of ['encrypt', 'decrypt']) expect(typeof prototype[method]).toBe('function');
    expect(typeof (require(join(ROOT, 'services/crm/src/import/lead-row.policy.ts')) as Record<string, unknown>).SSN_TOKEN_PREFIX).toBe(
      'string',
    );
    expect(script).toContain("join(CRM_DIST, 'security/ssn-cipher.js')");
    expect(script).toContain("join(CRM_DIST, 'import/lead-row.policy.js')");
    const migrationsDir = join(ROOT, 'services/crm/src/migrations');
    const migrations = readdirSync(migrationsDir)
      .map((name) => readFileSync(join(migrationsDir, name), 'utf8'))
      .join('\n');
    expect(migrations).toMatch(/create table leads \([^;]*\bssn_encrypted text\b/);
    expect(migrations).toMatch(/create table lead_import_errors \([^;]*\bcells jsonb\b/);
  });
});
