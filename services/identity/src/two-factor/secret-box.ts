import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { IdentityConfig } from '../identity.config';

const VERSION = 'v1';

/** Encrypts two-factor secrets at rest with AES-256-GCM. */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.key = config.TOTP_ENCRYPTION_KEY
      ? createHash('sha256').update(config.TOTP_ENCRYPTION_KEY).digest()
      : Buffer.from(hkdfSync('sha256', config.JWT_PRIVATE_KEY, 'backoffice-identity', 'totp-secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, payload] = sealed.split(':');
    if (version !== VERSION || !payload) throw new Error('unknown sealed secret format');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
