import { Inject, Injectable } from '@nestjs/common';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { SERVICE_CONFIG } from '@backoffice/platform';
import type { CatalogueConfig } from '../catalogue.config';

/** The bytes of uploaded files on disk, under FILE_STORE_DIR, one file per id (sharded by its first two characters). */
@Injectable()
export class FileStore {
  readonly root: string;

  constructor(@Inject(SERVICE_CONFIG) config: CatalogueConfig) {
    this.root = resolve(config.FILE_STORE_DIR);
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not a file id: ${id}`);
    return join(this.root, id.slice(0, 2), id);
  }

  /** Writes atomically: a reader never sees half a file. */
  async write(id: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(id);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, path);
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** A stream of the file, or undefined when it is not on disk. */
  async open(id: string): Promise<ReadStream | undefined> {
    const path = this.pathOf(id);
    const found = await stat(path).catch(() => undefined);
    return found?.isFile() ? createReadStream(path) : undefined;
  }
}
