import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SERVICE_CONFIG } from '@backoffice/platform/worker';
import type { CrmConfig } from '../crm.config';

/**
 * The local store of uploaded spreadsheets (spec: "kept in a local store"): one directory shared by
 * the API, which writes, and the workers, which read. Files are named by a random id, never by the user.
 */
@Injectable()
export class UploadStore {
  readonly dir: string;

  constructor(@Inject(SERVICE_CONFIG) config: CrmConfig) {
    this.dir = resolve(config.CRM_UPLOAD_DIR);
  }

  path(storedName: string): string {
    if (!/^[0-9a-f-]{36}\.xlsx$/.test(storedName)) throw new Error(`Not a stored upload name: ${storedName}`);
    return join(this.dir, storedName);
  }

  /**
   * Streams a file into the store; answers its stored name, size and SHA-256 (hex), hashed chunk by chunk on
   * the way to the disk (the file is never held whole). The caller removes it on failure.
   */
  async save(source: Readable, signal?: AbortSignal): Promise<{ storedName: string; size: number; sha256: string }> {
    await mkdir(this.dir, { recursive: true });
    const storedName = `${randomUUID()}.xlsx`;
    const path = this.path(storedName);
    const destination = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    // An aborted upload ends here at once: a multipart file stream cut mid-part may never report its own close.
    const aborted = new Promise<never>((_resolve, reject) => {
      if (signal?.aborted) reject(signal.reason as Error);
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
    aborted.catch(() => undefined);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await Promise.race([pipeline(source, hashing, destination, { signal }), aborted]);
    } catch (error) {
      // The file is opened lazily: removed only once the stream has opened and closed it, or it would come back empty.
      destination.destroy();
      if (!destination.closed) await once(destination, 'close').catch(() => undefined);
      await this.remove(storedName);
      throw error;
    }
    return { storedName, size: (await stat(path)).size, sha256: hash.digest('hex') };
  }

  async exists(storedName: string): Promise<boolean> {
    return stat(this.path(storedName)).then(
      () => true,
      () => false,
    );
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.path(storedName), { force: true });
  }
}
