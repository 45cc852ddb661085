import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { DuplicateMode } from '@backoffice/contracts';

/** An uploaded lead spreadsheet, kept in the upload store until it is extracted. */
@Entity({ tableName: 'lead_uploads' })
export class LeadUploadEntity {
  [OptionalProps]?: 'createdAt' | 'extracted' | 'error' | 'message' | 'attempt' | 'duplicateMode' | 'failedRows' | 'contentSha256';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The file name the user uploaded. */
  @Property({ type: 'text' })
  name!: string;

  /** The file's name in the upload store. */
  @Property({ type: 'text', unique: true })
  storedName!: string;

  @Property({ type: 'bigint', fieldName: 'size_bytes' })
  size!: number;

  @Property({ type: 'uuid', nullable: true })
  uploadedBy?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'boolean' })
  extracted: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  extractedAt?: Date | null;

  @Property({ type: 'boolean' })
  error: boolean = false;

  @Property({ type: 'text' })
  message: string = '';

  /** Extraction attempts started from the console; part of the job id. */
  @Property({ type: 'integer' })
  attempt: number = 0;

  @Property({ type: 'text', nullable: true })
  jobId?: string | null;

  @Property({ type: 'text' })
  duplicateMode: DuplicateMode = 'flag';

  @Property({ type: 'integer' })
  failedRows: number = 0;

  /** SHA-256 of the file's bytes (hex), computed as it was stored: the same file uploaded again has the same one. */
  @Property({ type: 'text', nullable: true, fieldName: 'content_sha256' })
  contentSha256?: string | null;
}
