import { Migration } from '@mikro-orm/migrations';

/**
 * A version of the data the team dashboard counts, bumped by triggers in the same transaction as any change
 * to it: assignments, leads' phones, ready groups, failed uploads, agents. The dashboard computes its team
 * figures once per version (and week) and answers from memory until the next change, so the figures are
 * exact at every moment while a dashboard read asks only for the version. The bumps are statement-level
 * (a distribution of 100,000 leads bumps once); lead groups bump only when a group is or was ready, so an
 * import's progress updates never touch the version row.
 */
export class Migration0003DashboardDataVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table crm_data_version (
      singleton boolean primary key default true check (singleton),
      version bigint not null default 0
    )`);
    this.addSql(`insert into crm_data_version default values`);
    this.addSql(`create function crm_bump_data_version() returns trigger language plpgsql as $$
      begin
        update crm_data_version set version = version + 1;
        return null;
      end $$`);
    const statement = (table: string, events: string) =>
      this.addSql(
        `create trigger ${table}_data_version after ${events} on ${table} for each statement execute function crm_bump_data_version()`,
      );
    statement('lead_assignments', 'insert or update or delete or truncate');
    statement('leads', 'insert or update of phone_key or delete or truncate');
    statement('lead_uploads', 'insert or update of error or delete or truncate');
    statement('sales_agents', 'insert or update or delete or truncate');
    const groups = (name: string, event: string, when: string) =>
      this.addSql(
        `create trigger lead_groups_${name}_data_version after ${event} on lead_groups for each row when (${when}) execute function crm_bump_data_version()`,
      );
    groups('insert', 'insert', `new.status = 'ready'`);
    groups('update', 'update', `old.status = 'ready' or new.status = 'ready'`);
    groups('delete', 'delete', `old.status = 'ready'`);
  }
}
