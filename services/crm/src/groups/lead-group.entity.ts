import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type LeadGroupStatus = 'importing' | 'ready';

/** The leads extracted from one spreadsheet, named after the file. Its leads live in their own partition. */
@Entity({ tableName: 'lead_groups' })
export class LeadGroupEntity {
  [OptionalProps]?:
    'status' | 'createdAt' | 'leadCount' | 'totalRows' | 'duplicates' | 'skippedDuplicates' | 'failedRows' | 'lastRow' | 'searchIndexed';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'integer', nullable: true, unique: true })
  uploadId?: number | null;

  @Property({ type: 'text' })
  status: LeadGroupStatus = 'importing';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'integer' })
  leadCount: number = 0;

  @Property({ type: 'integer' })
  totalRows: number = 0;

  @Property({ type: 'integer' })
  duplicates: number = 0;

  @Property({ type: 'integer' })
  skippedDuplicates: number = 0;

  @Property({ type: 'integer' })
  failedRows: number = 0;

  /** The last sheet row an import has committed: a retried job resumes after it. */
  @Property({ type: 'integer' })
  lastRow: number = 0;

  /** True once the partition's search indexes exist. */
  @Property({ type: 'boolean' })
  searchIndexed: boolean = false;
}
