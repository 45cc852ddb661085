import type { ClientServiceStatus } from './orders';

// ── Dashboard aggregates ────────────────────────────────────────────────────────────────────────
// Each figure is counted by the service that owns the records; the console only shows them.

/** One day of revenue: the sum of the orders paid that UTC day. */
export interface RevenueDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** numeric(12,2) as a string. */
  amount: string;
}

/**
 * GET /api/dashboard/orders. Admin and Manager get every figure; a ServiceProvider gets only the
 * client services assigned to them (`orders` is null for them).
 */
export interface OrdersDashboard {
  orders: {
    unpaidCount: number;
    /** Sum of the unpaid orders' amounts (numeric string). */
    unpaidTotal: string;
    revenueToday: string;
    revenueThisMonth: string;
    /** The last 30 UTC days, oldest first, every day present (0.00 when nothing was paid). */
    revenuePerDay: RevenueDay[];
  } | null;
  clientServices: {
    /** Every status, 0 when none. */
    byStatus: Record<ClientServiceStatus, number>;
    /** Not Completed nor Cancelled, and no provider assigned yet. */
    waitingForAssignment: number;
  };
  /** When the figures were counted (ISO). */
  generatedAt: string;
}

export interface LeadsPerAgent {
  userId: string;
  name: string;
  leads: number;
}

/**
 * GET /api/dashboard/crm. Admin and Manager get the whole CRM; a Salesagent gets their own leads
 * (`team` is null for them).
 */
export interface CrmDashboard {
  team: {
    /** Imported leads that no sales agent has. */
    unassignedLeads: number;
    /** Leads in groups imported since Monday 00:00 UTC. */
    leadsImportedThisWeek: number;
    /** Uploads whose import failed. */
    failedImports: number;
    /** Every sales agent, most leads first. */
    leadsPerAgent: LeadsPerAgent[];
  } | null;
  mine: {
    /** Leads assigned to the caller. */
    leads: number;
    /** Of them, assigned since Monday 00:00 UTC. */
    assignedThisWeek: number;
  } | null;
  generatedAt: string;
}
