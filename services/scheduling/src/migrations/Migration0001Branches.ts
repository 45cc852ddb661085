import { Migration } from '@mikro-orm/migrations';

export class Migration0001Branches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table branches (
      id serial primary key,
      name text not null,
      phone_number text not null,
      address text not null,
      type text not null check (type in ('Branch', 'Head Office', 'Partner Branch', 'SPP')),
      country_ccn3 text not null check (country_ccn3 ~ '^[0-9]{3}$'),
      active boolean not null default true,
      latitude double precision null check (latitude between -90 and 90),
      longitude double precision null check (longitude between -180 and 180),
      time_zone text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint branches_location_both check ((latitude is null) = (longitude is null))
    )`);
    this.addSql(`create unique index branches_name_uq on branches (lower(name))`);
    this.addSql(`create index branches_name_idx on branches (name, id)`);
    this.addSql(`create table appointment_settings (
      branch_id integer primary key references branches (id) on delete cascade,
      slot_duration integer not null check (slot_duration between 5 and 120),
      max_upcoming_available_dates integer not null check (max_upcoming_available_dates between 1 and 30),
      start_time time not null,
      end_time time not null,
      available_weekdays smallint[] not null default '{}',
      updated_at timestamptz not null default now(),
      constraint appointment_settings_hours check (end_time > start_time),
      constraint appointment_settings_weekdays check (available_weekdays <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[])
    )`);
    this.addSql(`create table appointment_adjusted_dates (
      branch_id integer not null references appointment_settings (branch_id) on delete cascade,
      date date not null,
      disabled boolean not null,
      primary key (branch_id, date)
    )`);
  }
}
