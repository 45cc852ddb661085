import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  centsToDecimal,
  CLIENT_SERVICE_STATUSES,
  toCents,
  type ClientServiceStatus,
  type OrdersDashboard,
  type RevenueDay,
} from '@backoffice/contracts';
import { seesAllClientServices, type Reader } from '../client-services/client-service-access.policy';

/** Days in the revenue chart, today included. */
export const REVENUE_DAYS = 30;

/** The dashboard's orders and client-service figures, each one SQL aggregate (nothing is counted in memory). */
@Injectable()
export class OrdersDashboardService {
  constructor(private readonly em: EntityManager) {}

  async figures(reader: Reader, now = new Date()): Promise<OrdersDashboard> {
    const all = seesAllClientServices(reader);
    const [orders, clientServices] = await Promise.all([
      all ? this.orderFigures(now) : null,
      this.clientServiceFigures(all ? null : reader.id),
    ]);
    return { orders, clientServices, generatedAt: now.toISOString() };
  }

  private async orderFigures(now: Date): Promise<NonNullable<OrdersDashboard['orders']>> {
    const today = utcDay(now);
    const firstOfMonth = `${today.slice(0, 8)}01`;
    const firstDay = utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - (REVENUE_DAYS - 1) * 86_400_000));
    const since = firstDay < firstOfMonth ? firstDay : firstOfMonth;
    const [[unpaid], perDay] = await Promise.all([
      this.em.execute<{ count: string; total: string | null }[]>(
        `select count(*) as count, coalesce(sum(amount), 0)::text as total from orders where status = 'Pending'`,
      ),
      this.em.execute<{ day: string; amount: string }[]>(
        `select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount)::text as amount
           from orders
          where status = 'Paid' and paid_at >= ?::date at time zone 'UTC'
          group by 1`,
        [since],
      ),
    ]);
    const byDay = new Map(perDay.map((row) => [row.day, row.amount]));
    const revenuePerDay: RevenueDay[] = [];
    for (let i = 0; i < REVENUE_DAYS; i++) {
      const date = utcDay(new Date(Date.parse(`${firstDay}T00:00:00Z`) + i * 86_400_000));
      revenuePerDay.push({ date, amount: money(byDay.get(date)) });
    }
    const monthCents = perDay.filter((row) => row.day >= firstOfMonth).reduce((sum, row) => sum + toCents(row.amount), 0);
    return {
      unpaidCount: Number(unpaid.count),
      unpaidTotal: money(unpaid.total),
      revenueToday: money(byDay.get(today)),
      revenueThisMonth: centsToDecimal(monthCents),
      revenuePerDay,
    };
  }

  private async clientServiceFigures(providerId: string | null): Promise<OrdersDashboard['clientServices']> {
    const mine = providerId ? 'where provider_id = ?' : '';
    const rows = await this.em.execute<{ status: ClientServiceStatus; count: string; waiting: string }[]>(
      `select status, count(*) as count,
              count(*) filter (where provider_id is null and status not in ('Completed', 'Cancelled')) as waiting
         from client_services ${mine}
        group by status`,
      providerId ? [providerId] : [],
    );
    const byStatus = Object.fromEntries(CLIENT_SERVICE_STATUSES.map((status) => [status, 0])) as Record<ClientServiceStatus, number>;
    let waitingForAssignment = 0;
    for (const row of rows) {
      byStatus[row.status] = Number(row.count);
      waitingForAssignment += Number(row.waiting);
    }
    return { byStatus, waitingForAssignment };
  }
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A numeric(12,2) sum as the dashboard shows it ("0.00" when there is none). */
function money(amount: string | null | undefined): string {
  return amount ? centsToDecimal(toCents(amount)) : '0.00';
}
