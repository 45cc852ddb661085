import { Migration } from '@mikro-orm/migrations';

/**
 * The sales pipeline. A lead's stage, next follow-up date and when its stage last changed are kept on
 * its assignments (a lead's sellers share them: every change writes all of its rows), so an agent's
 * list filters by stage and by follow-up through an index on the agent; `leads` (partitioned by group)
 * stays as imported. Notes get a history; `leads.notes` stays the latest.
 */
export class Migration0004LeadPipeline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table lead_assignments
      add column stage text not null default 'New' check (stage in ('New', 'Contacted', 'Interested', 'Converted', 'Lost')),
      add column follow_up_at date null,
      add column stage_changed_at timestamptz null`);
    this.addSql(`create index lead_assignments_user_stage_idx on lead_assignments (user_id, stage, seq)`);
    this.addSql(
      `create index lead_assignments_user_follow_up_idx on lead_assignments (user_id, follow_up_at) where follow_up_at is not null`,
    );
    this.addSql(`create index lead_assignments_lead_idx on lead_assignments (lead_id)`);
    // The team dashboard's data version (Migration0003) follows who has which lead, not where it stands in the
    // pipeline: a stage or follow-up change leaves its cached figures alone.
    this.addSql(`drop trigger lead_assignments_data_version on lead_assignments`);
    this.addSql(`create trigger lead_assignments_data_version
      after insert or delete or truncate or update of lead_id, group_id, user_id on lead_assignments
      for each statement execute function crm_bump_data_version()`);

    this.addSql(`create table lead_notes (
      id bigserial primary key,
      lead_id integer not null,
      author_id uuid null,
      author_name text not null,
      text text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index lead_notes_lead_idx on lead_notes (lead_id, id)`);
  }
}
