import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LeadRowError } from '@backoffice/contracts';
import { NotFoundError } from '@backoffice/platform';
import type { FailedRowCells } from '../import/lead-row.policy';
import { failedRowValues } from '../template/lead-workbooks';
import { LeadUploadEntity } from './lead-upload.entity';

const BATCH = 5000;

/** The rows an extraction could not import, with their reasons. */
@Injectable()
export class UploadErrorsService {
  constructor(private readonly em: EntityManager) {}

  async upload(uploadId: number): Promise<LeadUploadEntity> {
    const upload = await this.em.findOne(LeadUploadEntity, { id: uploadId });
    if (!upload) throw new NotFoundError('Upload', uploadId);
    return upload;
  }

  async page(uploadId: number, start: number, length: number): Promise<{ total: number; data: LeadRowError[] }> {
    await this.upload(uploadId);
    const [counted, rows] = await Promise.all([
      this.em.execute<{ count: string }[]>('select count(*) as count from lead_import_errors where upload_id = ?', [uploadId]),
      this.em.execute<{ row_number: number; reason: string }[]>(
        'select row_number, reason from lead_import_errors where upload_id = ? order by row_number limit ? offset ?',
        [uploadId, length, start],
      ),
    ]);
    return { total: Number(counted[0].count), data: rows.map((row) => ({ rowNumber: row.row_number, reason: row.reason })) };
  }

  /** Failed rows in the template's columns plus the reason, a batch at a time, read on a fork of their own. */
  sheetRows(uploadId: number): AsyncGenerator<unknown[][]> {
    return failedSheetRows(this.em.fork(), uploadId);
  }
}

async function* failedSheetRows(em: EntityManager, uploadId: number): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await em.execute<{ row_number: number; reason: string; cells: FailedRowCells }[]>(
      'select row_number, reason, cells from lead_import_errors where upload_id = ? and row_number > ? order by row_number limit ?',
      [uploadId, after, BATCH],
    );
    if (rows.length === 0) return;
    yield rows.map((row) => failedRowValues(row.cells, `Row ${row.row_number}: ${row.reason}`));
    after = rows[rows.length - 1].row_number;
  }
}
