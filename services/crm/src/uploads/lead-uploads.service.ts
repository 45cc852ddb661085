import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { LeadUpload as LeadUploadView } from '@backoffice/contracts';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  SERVICE_CONFIG,
  type CurrentUserData,
  type MultipartRequest,
  receiveSingleFile,
} from '@backoffice/platform';
import type { CrmConfig } from '../crm.config';
import { LeadsQueue } from '../extraction/leads-queue';
import { LeadUploadEntity } from './lead-upload.entity';
import { toUploadView } from './lead-upload.view';
import { previousImports } from './previous-imports.queries';
import { UploadStore } from './upload-store';
import { inspectXlsx, XlsxRejected } from './xlsx-inspector';

const BUSY_STATES = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

/** The name the user gave the file, without any folder part or control characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // No control characters, invisible text-direction controls (they make "x\u202Efdp.exe" read as "xexe.pdf") or broken UTF-16.
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim();
  return clean.slice(0, 200) || 'leads.xlsx';
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

@Injectable()
export class LeadUploadsService {
  constructor(
    private readonly em: EntityManager,
    private readonly store: UploadStore,
    private readonly leadsQueue: LeadsQueue,
    @Inject(SERVICE_CONFIG) private readonly config: CrmConfig,
  ) {}

  /** Stores one uploaded spreadsheet after checking, by content, that it is a plain xlsx workbook. */
  async upload(request: FastifyRequest, user: CurrentUserData): Promise<LeadUploadView> {
    const refuse = (message: string) => new InvalidInputError([{ path: 'file', message }], message);
    const tooLarge = `The file is larger than ${megabytes(this.config.CRM_UPLOAD_MAX_BYTES)}; split it into smaller sheets.`;
    const saved = await receiveSingleFile(
      request as unknown as MultipartRequest,
      {
        consume: async ({ file, filename, signal }) => ({ ...(await this.store.save(file, signal)), filename }),
        discard: (made) => this.store.remove(made.storedName),
      },
      { what: 'an xlsx spreadsheet', tooLarge },
    );
    const part = { filename: saved.filename };
    try {
      await inspectXlsx(this.store.path(saved.storedName), {
        maxEntries: this.config.CRM_UPLOAD_MAX_ENTRIES,
        maxInflatedBytes: this.config.CRM_UPLOAD_MAX_INFLATED_BYTES,
        maxRatio: this.config.CRM_UPLOAD_MAX_RATIO,
      });
    } catch (error) {
      await this.store.remove(saved.storedName);
      if (error instanceof XlsxRejected) throw refuse(error.message);
      throw error;
    }
    const upload = this.em.create(LeadUploadEntity, {
      name: cleanFileName(part.filename),
      storedName: saved.storedName,
      size: saved.size,
      contentSha256: saved.sha256,
      uploadedBy: user.id,
      message: 'Ready to extract',
    });
    try {
      await this.em.persist(upload).flush();
    } catch (error) {
      await this.store.remove(saved.storedName);
      throw error;
    }
    // Told now, before anything is extracted: the same content was already imported.
    const earlier = await previousImports(this.em, [upload]);
    return toUploadView(upload, earlier.get(upload.id) ?? null);
  }

  /** Files not extracted yet, oldest first; each says whether the same content was already imported. */
  async pending(): Promise<LeadUploadView[]> {
    const uploads = await this.em.find(LeadUploadEntity, { extracted: false }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const earlier = await previousImports(this.em, uploads);
    return uploads.map((upload) => toUploadView(upload, earlier.get(upload.id) ?? null));
  }

  private async busy(upload: LeadUploadEntity): Promise<boolean> {
    if (!upload.jobId || upload.error) return false;
    return BUSY_STATES.has(await this.leadsQueue.queue.getJobState(upload.jobId));
  }

  /** Clears one pending file (record and stored file). */
  async remove(id: number): Promise<void> {
    const upload = await this.em.findOne(LeadUploadEntity, { id });
    if (!upload) throw new NotFoundError('Upload', id);
    if (upload.extracted) throw new ConflictError('This file was already extracted; only pending files can be cleared.');
    if (await this.busy(upload)) throw new ConflictError('This file is being extracted; wait until it finishes.', 'extracting');
    await this.em.remove(upload).flush();
    await this.store.remove(upload.storedName);
  }

  /** Clears every pending file, except those being extracted right now. */
  async removeAll(): Promise<{ removed: number; kept: number }> {
    const uploads = await this.em.find(LeadUploadEntity, { extracted: false });
    let kept = 0;
    const removable: LeadUploadEntity[] = [];
    for (const upload of uploads) {
      if (await this.busy(upload)) kept++;
      else removable.push(upload);
    }
    if (removable.length) await this.em.remove(removable).flush();
    await Promise.all(removable.map((upload) => this.store.remove(upload.storedName)));
    return { removed: removable.length, kept };
  }
}
