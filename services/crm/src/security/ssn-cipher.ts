import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SSN_TOKEN_PREFIX } from '../import/lead-row.policy';

const VERSION = 'v1.';

/**
 * Lead SSNs at rest: AES-256-GCM with a random 96-bit nonce per value, `v1.<base64url(nonce|tag|data)>`.
 * The key comes from the environment; the console only ever sees the last four digits.
 */
export class SsnCipher {
  /** A KeyObject: building one per value would cost several times the encryption itself. */
  private readonly key: KeyObject;
  /** Random nonces drawn 1,024 at a time (imports encrypt hundreds of thousands of values). */
  private nonces = Buffer.alloc(0);
  private nextNonce = 0;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The SSN key must be 32 bytes.');
    this.key = createSecretKey(key);
  }

  private nonce(): Buffer {
    if (this.nextNonce >= this.nonces.length) {
      this.nonces = randomBytes(12 * 1024);
      this.nextNonce = 0;
    }
    const nonce = this.nonces.subarray(this.nextNonce, this.nextNonce + 12);
    this.nextNonce += 12;
    return nonce;
  }

  encrypt(ssn: string): string {
    const nonce = this.nonce();
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const data = Buffer.concat([cipher.update(ssn, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), data]).toString('base64url');
  }

  /** The SSN, or undefined for anything not sealed with this key. */
  decrypt(value: string): string | undefined {
    if (!value.startsWith(VERSION)) return undefined;
    const bytes = Buffer.from(value.slice(VERSION.length), 'base64url');
    if (bytes.length < 29) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The SSN of a failed row as it goes into the failed-rows sheet: opaque without the key. */
  token(ssn: string): string {
    return SSN_TOKEN_PREFIX + this.encrypt(ssn);
  }

  openToken(text: string): string | undefined {
    if (!text.startsWith(SSN_TOKEN_PREFIX)) return undefined;
    const ssn = this.decrypt(text.slice(SSN_TOKEN_PREFIX.length));
    return ssn && /^\d{9}$/.test(ssn) ? ssn : undefined;
  }
}

/** The console's view of an SSN: the last four digits only. */
export function maskSsn(last4: string | null | undefined): string | null {
  return last4 ? `***-**-${last4}` : null;
}

function parseKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export const DEV_SSN_KEY_FILE = '.local/keys/crm-ssn.key';

/**
 * CRM_SSN_KEY (32 bytes, hex or base64). Production refuses to start without it; development and
 * tests generate one key once into .local/keys (never committed), shared by the API and the workers.
 */
export function loadSsnKey(config: { CRM_SSN_KEY?: string; NODE_ENV: string }): Buffer {
  if (config.CRM_SSN_KEY) {
    const key = parseKey(config.CRM_SSN_KEY);
    if (!key) throw new Error('CRM_SSN_KEY must be 32 bytes, written as 64 hex digits or base64.');
    return key;
  }
  if (config.NODE_ENV === 'production') throw new Error('CRM_SSN_KEY is required in production.');
  const path = resolve(DEV_SSN_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, randomBytes(32).toString('hex'));
      closeSync(fd);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error; // the other process made it first
    }
  }
  for (let attempt = 0; ; attempt++) {
    const key = parseKey(readFileSync(path, 'utf8'));
    if (key) return key;
    if (attempt > 50) throw new Error(`${path} does not hold a 32-byte key.`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); // being written right now
  }
}
