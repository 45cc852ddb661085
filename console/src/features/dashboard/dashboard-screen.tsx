import { DASHBOARD_PATHS } from '@backoffice/contracts';
import { lazy } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CrmDashboard, OrdersDashboard } from '@backoffice/contracts';
import { useApi, errorMessage } from '../../components/api';
import { hasAnyRole, ACCESS, useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid } from '../../components/navigation';
import { ChartCard, ChartNote, Figure, FigurePlaceholders } from './dashboard-figures';
import { DASHBOARD_TILES } from './dashboard-tiles';

const RevenueChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.StatusChart })));
const AgentsChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.AgentsChart })));

/** Agents beyond this many are left to the sales agent report: the chart stays within CHART_HEIGHT. */
const MAX_AGENTS = 6;

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  section: { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
  error: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorPaletteRedForeground1 },
});

const money = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

export default function DashboardScreen() {
  const styles = useStyles();
  const user = useCurrentUser();
  // Who gets which part of each answer (the services count the same way): the placeholders match it.
  const staff = hasAnyRole(user, ACCESS.backOffice);
  const agent = hasAnyRole(user, ['Salesagent']);
  const seesOrders = hasAnyRole(user, ACCESS.clientServices);
  const seesCrm = staff || agent;
  const orders = useApi<OrdersDashboard>(seesOrders ? DASHBOARD_PATHS.orders : null, { refreshInterval: 60_000 });
  const crm = useApi<CrmDashboard>(seesCrm ? DASHBOARD_PATHS.crm : null, { refreshInterval: 60_000 });
  const tiles = DASHBOARD_TILES.filter((tile) => hasAnyRole(user, tile.roles)).map((tile) => ({ ...tile, testId: `tile-${tile.testId}` }));
  const firstName = user.name.split(' ')[0];
  const o = orders.data;
  const c = crm.data;
  const services = o?.clientServices;
  const ordersPending = seesOrders && !o && !orders.error;
  const crmPending = seesCrm && !c && !crm.error;
  const agents = c?.team?.leadsPerAgent ?? [];

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}. Here is the state of the business.`} />
      {(orders.error || crm.error) && (
        <Text role="alert" className={styles.error}>
          {errorMessage(orders.error ?? crm.error)}
        </Text>
      )}
      <section aria-label="Figures" aria-busy={ordersPending || crmPending} className={styles.figures}>
        {o?.orders ? (
          <>
            <Figure testId="unpaid-orders" label="Unpaid orders" value={o.orders.unpaidCount} to="/admin/clients-orders?status=Pending" />
            <Figure
              testId="unpaid-total"
              label="Unpaid total"
              value={money(o.orders.unpaidTotal)}
              to="/admin/clients-orders?status=Pending"
            />
            <Figure testId="revenue-today" label="Revenue today" value={money(o.orders.revenueToday)} to="/admin/reports" />
            <Figure testId="revenue-month" label="Revenue this month" value={money(o.orders.revenueThisMonth)} to="/admin/reports" />
          </>
        ) : (
          ordersPending && staff && <FigurePlaceholders count={4} />
        )}
        {services ? (
          <>
            <Figure
              testId="waiting-assignment"
              label="Services waiting for assignment"
              value={services.waitingForAssignment}
              to="/admin/clients-services?assigned=no"
            />
            {(['Created', 'Verified', 'Filled'] as const).map((status) => (
              <Figure
                key={status}
                testId={`services-${status.toLowerCase()}`}
                label={`${status} services`}
                value={services.byStatus[status]}
                to={`/admin/clients-services?status=${status}`}
              />
            ))}
          </>
        ) : (
          ordersPending && <FigurePlaceholders count={4} />
        )}
        {c?.team ? (
          <>
            <Figure
              testId="unassigned-leads"
              label="Unassigned leads"
              value={c.team.unassignedLeads}
              to="/admin/user-leads?unassigned=true"
            />
            <Figure testId="leads-week" label="Leads imported this week" value={c.team.leadsImportedThisWeek} to="/admin/leads" />
            <Figure testId="failed-imports" label="Failed imports" value={c.team.failedImports} to="/admin/leads?status=failed" />
          </>
        ) : (
          crmPending && staff && <FigurePlaceholders count={3} />
        )}
        {c?.mine ? (
          <>
            <Figure testId="my-leads" label="My leads" value={c.mine.leads} to="/crm/leads" />
            <Figure testId="my-leads-week" label="Assigned to me this week" value={c.mine.assignedThisWeek} to="/crm/leads" />
          </>
        ) : (
          crmPending && agent && <FigurePlaceholders count={2} />
        )}
      </section>
      <div className={styles.charts}>
        {(o?.orders || (ordersPending && staff)) && (
          <ChartCard title="Revenue, last 30 days">{o?.orders && <RevenueChart days={o.orders.revenuePerDay} />}</ChartCard>
        )}
        {(services || ordersPending) && (
          <ChartCard title="Client services by status">{services && <StatusChart byStatus={services.byStatus} />}</ChartCard>
        )}
        {(c?.team || (crmPending && staff)) && (
          <ChartCard title={agents.length > MAX_AGENTS ? `Leads per agent (top ${MAX_AGENTS} of ${agents.length})` : 'Leads per agent'}>
            {c?.team &&
              (agents.length > 0 ? (
                <AgentsChart agents={agents.slice(0, MAX_AGENTS)} />
              ) : (
                <ChartNote>No sales agent has leads yet.</ChartNote>
              ))}
          </ChartCard>
        )}
      </div>
      {tiles.length > 0 && (
        <>
          <Text as="h2" size={500} weight="semibold" className={styles.section}>
            Areas
          </Text>
          <LinkTileGrid label="Back-office areas" tiles={tiles} />
        </>
      )}
    </>
  );
}
