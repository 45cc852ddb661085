import { Migration } from '@mikro-orm/migrations';

/**
 * A lead's history holds what happened to it, not only notes: stage changes and follow-up dates are entries too,
 * each with its kind; an agent's activity reads the entries they wrote, by author and time. Expand only: the column
 * has a default, so a crm of the previous release, which inserts notes without it, keeps writing notes.
 */
export class Migration0006LeadHistory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table lead_notes add column kind text not null default 'note' check (kind in ('note', 'stage', 'follow-up'))`);
    this.addSql('create index lead_notes_author_idx on lead_notes (author_id, created_at) where author_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index lead_notes_author_idx');
    this.addSql(`delete from lead_notes where kind <> 'note'`);
    this.addSql('alter table lead_notes drop column kind');
  }
}
