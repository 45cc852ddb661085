import { Migration } from '@mikro-orm/migrations';

/**
 * Imports that know themselves. An upload keeps the SHA-256 of its content (computed while it streams into
 * the store), so the same file uploaded again is recognised before it is extracted. No two lead groups
 * share a name, whatever the case: groups named alike so far are told apart with " (2)", " (3)"… first,
 * the oldest keeping its name, as a new import of the same file name is.
 */
export class Migration0005ImportIdentity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table lead_uploads add column content_sha256 text null check (content_sha256 ~ '^[0-9a-f]{64}$')`);
    this.addSql(`create index lead_uploads_content_idx on lead_uploads (content_sha256) where content_sha256 is not null`);
    this.addSql(`do $$
      declare
        duplicate record;
        n integer;
      begin
        for duplicate in
          select id, name from (
            select id, name, row_number() over (partition by lower(name) order by created_at, id) as rank from lead_groups
          ) ranked where rank > 1 order by id
        loop
          n := 2;
          while exists (select 1 from lead_groups where lower(name) = lower(duplicate.name || ' (' || n || ')')) loop
            n := n + 1;
          end loop;
          update lead_groups set name = duplicate.name || ' (' || n || ')' where id = duplicate.id;
        end loop;
      end $$`);
    this.addSql(`create unique index lead_groups_name_key on lead_groups (lower(name))`);
  }
}
