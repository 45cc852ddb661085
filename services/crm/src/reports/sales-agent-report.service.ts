import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SalesAgentFigures, SalesAgentReport, SalesAgentReportRow } from '@backoffice/contracts';
import { InvalidInputError } from '@backoffice/platform';

export interface ReportPeriod {
  from: string;
  to: string;
  tz: string;
}

interface FigureRow {
  user_id: string;
  name: string;
  email: string;
  leads_assigned: number;
  converted_leads: number;
  orders: number;
  order_amount: string;
  paid_amount: string;
  pipeline_converted: number;
}

/**
 * Per sales agent: the leads assigned in the period, those of them now in the Converted stage, and of those the leads that became clients (an
 * order placed with the lead's phone or email at or after the assignment, however late), those orders
 * and their amounts (all, and paid). Assignments are found by time (lead_assignments_assigned_at_idx),
 * each lead by id, its orders by phone and email key (reported_orders_*_idx).
 */
const FIGURES_SQL = `
  with assigned as (
    select a.user_id, a.lead_id, a.assigned_at, a.stage, l.phone_key, l.email_key
    from lead_assignments a
    join leads l on l.id = a.lead_id and l.group_id = a.group_id
    where a.assigned_at >= ? and a.assigned_at < ?
  ),
  matches as (
    select x.user_id, x.lead_id, o.order_id, o.amount, o.paid_at
    from assigned x join reported_orders o on o.phone_key = x.phone_key and o.created_date >= x.assigned_at
    union
    select x.user_id, x.lead_id, o.order_id, o.amount, o.paid_at
    from assigned x join reported_orders o on o.email_key = x.email_key and o.created_date >= x.assigned_at
  ),
  agent_orders as (
    select distinct user_id, order_id, amount, paid_at from matches
  )
  select s.user_id, sa.name, sa.email,
    s.leads::int as leads_assigned,
    coalesce(c.converted, 0)::int as converted_leads,
    coalesce(o.orders, 0)::int as orders,
    coalesce(o.amount, 0)::text as order_amount,
    coalesce(o.paid_amount, 0)::text as paid_amount,
    s.pipeline_converted::int as pipeline_converted
  from (
    select user_id, count(*) as leads, count(*) filter (where stage = 'Converted') as pipeline_converted from assigned group by user_id
  ) s
  join sales_agents sa on sa.user_id = s.user_id
  left join (select user_id, count(distinct lead_id) as converted from matches group by user_id) c on c.user_id = s.user_id
  left join (
    select user_id, count(*) as orders, sum(amount) as amount, sum(amount) filter (where paid_at is not null) as paid_amount
    from agent_orders group by user_id
  ) o on o.user_id = s.user_id
  order by lower(sa.name), sa.name, s.user_id`;

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
/** converted / assigned, to 4 decimals (0 when none were assigned). */
const conversion = (converted: number, assigned: number) => (assigned ? Math.round((converted / assigned) * 10_000) / 10_000 : 0);

@Injectable()
export class SalesAgentReports {
  constructor(private readonly em: EntityManager) {}

  async build(period: ReportPeriod): Promise<SalesAgentReport> {
    const em = this.em.fork();
    const { starts, ends } = await this.bounds(em, period);
    const rows = await em.execute<FigureRow[]>(FIGURES_SQL, [starts, ends]);
    const totals = { leadsAssigned: 0, convertedLeads: 0, orders: 0, orderCents: 0, paidCents: 0, pipelineConverted: 0 };
    const report: SalesAgentReportRow[] = rows.map((row) => {
      const orderCents = cents(row.order_amount);
      const paidCents = cents(row.paid_amount);
      totals.leadsAssigned += row.leads_assigned;
      totals.convertedLeads += row.converted_leads;
      totals.orders += row.orders;
      totals.orderCents += orderCents;
      totals.paidCents += paidCents;
      totals.pipelineConverted += row.pipeline_converted;
      return {
        userId: row.user_id,
        name: row.name,
        email: row.email,
        leadsAssigned: row.leads_assigned,
        convertedLeads: row.converted_leads,
        orders: row.orders,
        orderAmount: orderCents / 100,
        paidAmount: paidCents / 100,
        pipelineConverted: row.pipeline_converted,
        pipelineConversion: conversion(row.pipeline_converted, row.leads_assigned),
      };
    });
    const sums: SalesAgentFigures = {
      leadsAssigned: totals.leadsAssigned,
      convertedLeads: totals.convertedLeads,
      orders: totals.orders,
      orderAmount: totals.orderCents / 100,
      paidAmount: totals.paidCents / 100,
      pipelineConverted: totals.pipelineConverted,
      pipelineConversion: conversion(totals.pipelineConverted, totals.leadsAssigned),
    };
    return { from: period.from, to: period.to, timeZone: period.tz, rows: report, totals: sums };
  }

  /** The period's instants: midnight starting `from` to midnight ending `to`, in the time zone (PostgreSQL's zone rules). */
  private async bounds(em: EntityManager, period: ReportPeriod): Promise<{ starts: Date; ends: Date }> {
    try {
      const [row] = await em.execute<{ starts: Date; ends: Date }[]>(
        `select (?::date)::timestamp at time zone ? as starts, (?::date + 1)::timestamp at time zone ? as ends`,
        [period.from, period.tz, period.to, period.tz],
      );
      return row!;
    } catch (error) {
      // 22023: a time zone PostgreSQL does not know; 22008: a date out of its range.
      const code = (error as { code?: string }).code;
      if (code === '22023') throw new InvalidInputError([{ path: 'tz', message: `Time zone ${period.tz} is not known.` }]);
      if (code === '22008') throw new InvalidInputError([{ path: 'from', message: 'The period is out of range.' }]);
      throw error;
    }
  }
}
