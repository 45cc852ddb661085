import type { LeadPreviousImport, LeadUpload as LeadUploadView, LeadUploadStatus } from '@backoffice/contracts';
import type { LeadUploadEntity } from './lead-upload.entity';

export function uploadStatus(upload: LeadUploadEntity): LeadUploadStatus {
  if (upload.extracted) return 'extracted';
  if (upload.error) return 'failed';
  return upload.jobId ? 'extracting' : 'pending';
}

export function toUploadView(upload: LeadUploadEntity, alreadyImported: LeadPreviousImport | null = null): LeadUploadView {
  return {
    id: upload.id,
    name: upload.name,
    date: upload.createdAt.toISOString(),
    size: Number(upload.size),
    message: upload.message,
    error: upload.error,
    extracted: upload.extracted,
    status: uploadStatus(upload),
    jobId: upload.jobId ?? null,
    failedRows: upload.failedRows,
    alreadyImported,
  };
}
