import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CrmDashboard } from '@backoffice/contracts';

/** Monday 00:00 UTC of the current week. */
const WEEK_START = `(date_trunc('week', now() at time zone 'UTC') at time zone 'UTC')`;
/** The same rule as the assignment table's "unassigned" filter: leads with a phone that no agent has. */
const UNASSIGNED = `l.phone_key is not null and not exists (select 1 from lead_assignments a where a.lead_id = l.id)`;

type TeamFigures = NonNullable<CrmDashboard['team']>;

/**
 * The dashboard's CRM figures, each one SQL aggregate. The team figures are computed once per version of the
 * data they count (crm_data_version, bumped by triggers in the transaction of every change to it) and week, and
 * answered from memory until either moves: exact at every moment, while a read costs one primary-key lookup.
 */
@Injectable()
export class CrmDashboardService {
  private team?: { key: string; figures: Promise<TeamFigures> };

  constructor(private readonly em: EntityManager) {}

  async figures(user: { id: string; roles: readonly string[] }): Promise<CrmDashboard> {
    const staff = user.roles.includes('Admin') || user.roles.includes('Manager');
    const agent = user.roles.includes('Salesagent');
    const [team, mine] = await Promise.all([staff ? this.teamFigures() : null, agent ? this.mine(user.id) : null]);
    return { team, mine, generatedAt: new Date().toISOString() };
  }

  private async teamFigures(): Promise<TeamFigures> {
    const [row] = await this.em.execute<{ version: string; week: Date }[]>(`select version, ${WEEK_START} as week from crm_data_version`);
    const key = `${row.version}@${new Date(row.week).toISOString()}`;
    if (this.team?.key !== key) {
      // Computed after the version was read, so the figures are at least as new as it (a newer version recomputes).
      const figures = this.computeTeam();
      this.team = { key, figures };
      figures.catch(() => {
        if (this.team?.figures === figures) this.team = undefined;
      });
    }
    return this.team.figures;
  }

  private async computeTeam(): Promise<TeamFigures> {
    const [[unassigned], [imported], [failed], perAgent] = await Promise.all([
      this.em.execute<{ count: string }[]>(`select count(*) as count from leads l where ${UNASSIGNED}`),
      this.em.execute<{ count: string }[]>(
        `select coalesce(sum(lead_count), 0) as count from lead_groups where status = 'ready' and created_at >= ${WEEK_START}`,
      ),
      this.em.execute<{ count: string }[]>(`select count(*) as count from lead_uploads where error`),
      this.em.execute<{ user_id: string; name: string; leads: string }[]>(
        `select s.user_id, s.name, coalesce(c.leads, 0) as leads
           from sales_agents s
           left join (select user_id, count(*) as leads from lead_assignments group by user_id) c on c.user_id = s.user_id
          order by coalesce(c.leads, 0) desc, s.name, s.user_id`,
      ),
    ]);
    return {
      unassignedLeads: Number(unassigned.count),
      leadsImportedThisWeek: Number(imported.count),
      failedImports: Number(failed.count),
      leadsPerAgent: perAgent.map((row) => ({ userId: row.user_id, name: row.name, leads: Number(row.leads) })),
    };
  }

  private async mine(userId: string): Promise<NonNullable<CrmDashboard['mine']>> {
    const [row] = await this.em.execute<{ leads: string; this_week: string }[]>(
      `select count(*) as leads, count(*) filter (where assigned_at >= ${WEEK_START}) as this_week
         from lead_assignments where user_id = ?`,
      [userId],
    );
    return { leads: Number(row.leads), assignedThisWeek: Number(row.this_week) };
  }
}
