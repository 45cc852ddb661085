import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SERVICE_CONFIG } from '@backoffice/platform';
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

  /** Streams a file into the store; answers its stored name and size. The caller removes it on failure. */
  async save(source: Readable): Promise<{ storedName: string; size: number }> {
    await mkdir(this.dir, { recursive: true });
    const storedName = `${randomUUID()}.xlsx`;
    const path = this.path(storedName);
    try {
      await pipeline(source, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await this.remove(storedName);
      throw error;
    }
    return { storedName, size: (await stat(path)).size };
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
