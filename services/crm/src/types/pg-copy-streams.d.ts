// The part of pg-copy-streams the import writer uses (the package ships no types).
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  import type { Submittable } from 'pg';

  export interface CopyStreamQuery extends Writable, Submittable {
    rowCount: number;
  }
  export function from(sql: string): CopyStreamQuery;
}
