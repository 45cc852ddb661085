import { z } from 'zod';
import { CLIENT_SERVICE_STATUSES } from './orders-client-services';

// ── Dashboard aggregates ────────────────────────────────────────────────────────────────────────
// Each figure is counted by the service that owns the records; the console only shows them.

const count = z.number().int().min(0);
/** numeric(12,2) as a string. */
const amount = z.string().meta({ description: 'An amount as a decimal string (numeric(12,2)).' });

/** One day of revenue: the sum of the orders paid that UTC day. */
export const RevenueDaySchema = z
  .object({ date: z.string().meta({ description: 'YYYY-MM-DD (UTC).' }), amount })
  .meta({ id: 'RevenueDay' });
export type RevenueDay = z.infer<typeof RevenueDaySchema>;

/**
 * GET /api/dashboard/orders. Admin and Manager get every figure; a ServiceProvider gets only the
 * client services assigned to them (`orders` is null for them).
 */
export const OrdersDashboardSchema = z
  .object({
    orders: z
      .object({
        unpaidCount: count,
        unpaidTotal: amount.meta({ description: "Sum of the unpaid orders' amounts (decimal string)." }),
        revenueToday: amount,
        revenueThisMonth: amount,
        revenuePerDay: z
          .array(RevenueDaySchema)
          .meta({ description: 'The last 30 UTC days, oldest first, every day present (0.00 when nothing was paid).' }),
      })
      .nullable(),
    clientServices: z.object({
      byStatus: z.record(z.enum(CLIENT_SERVICE_STATUSES), count).meta({ description: 'Every status, 0 when none.' }),
      waitingForAssignment: count.meta({ description: 'Not Completed nor Cancelled, and no provider assigned yet.' }),
    }),
    generatedAt: z.string().meta({ description: 'When the figures were counted (ISO).' }),
  })
  .meta({ id: 'OrdersDashboard' });
export type OrdersDashboard = z.infer<typeof OrdersDashboardSchema>;

export const LeadsPerAgentSchema = z.object({ userId: z.string(), name: z.string(), leads: count }).meta({ id: 'LeadsPerAgent' });
export type LeadsPerAgent = z.infer<typeof LeadsPerAgentSchema>;

/**
 * GET /api/dashboard/crm. Admin and Manager get the whole CRM; a Salesagent gets their own leads
 * (`team` is null for them).
 */
export const CrmDashboardSchema = z
  .object({
    team: z
      .object({
        unassignedLeads: count.meta({ description: 'Imported leads that no sales agent has.' }),
        leadsImportedThisWeek: count.meta({ description: 'Leads in groups imported since Monday 00:00 UTC.' }),
        failedImports: count.meta({ description: 'Uploads whose import failed.' }),
        leadsPerAgent: z.array(LeadsPerAgentSchema).meta({ description: 'Every sales agent, most leads first.' }),
      })
      .nullable(),
    mine: z
      .object({
        leads: count.meta({ description: 'Leads assigned to the caller.' }),
        assignedThisWeek: count.meta({ description: 'Of them, assigned since Monday 00:00 UTC.' }),
      })
      .nullable(),
    generatedAt: z.string(),
  })
  .meta({ id: 'CrmDashboard' });
export type CrmDashboard = z.infer<typeof CrmDashboardSchema>;
