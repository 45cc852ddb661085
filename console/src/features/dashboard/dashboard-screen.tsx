import { DASHBOARD_PATHS } from '@backoffice/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CrmDashboard, OrdersDashboard } from '@backoffice/contracts';
import { useApi, errorMessage } from '../../components/api';
import { hasAnyRole, ACCESS, useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid } from '../../components/navigation';
import { TextLink } from '../../components/navigation/text-link';
import { DASHBOARD_TILES } from './dashboard-tiles';

const RevenueChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.StatusChart })));
const AgentsChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.AgentsChart })));

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minHeight: '96px' },
  value: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  chart: { minWidth: 0, overflow: 'hidden' },
  section: { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const money = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

function Figure({ label, value, to, testId }: { label: string; value: ReactNode; to: string; testId: string }) {
  const styles = useStyles();
  return (
    <Card className={styles.figure}>
      <TextLink to={to} data-testid={`figure-${testId}`}>
        <span className={styles.value}>{value}</span>
      </TextLink>
      <Text>{label}</Text>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.chart}>
      <Text as="h3" weight="semibold">
        {title}
      </Text>
      <Suspense fallback={<Spinner size="small" label="Loading the chart…" />}>{children}</Suspense>
    </Card>
  );
}

export default function DashboardScreen() {
  const styles = useStyles();
  const user = useCurrentUser();
  const seesOrders = hasAnyRole(user, ACCESS.clientServices);
  const seesCrm = hasAnyRole(user, ['Admin', 'Manager', 'Salesagent']);
  const orders = useApi<OrdersDashboard>(seesOrders ? DASHBOARD_PATHS.orders : null, { refreshInterval: 60_000 });
  const crm = useApi<CrmDashboard>(seesCrm ? DASHBOARD_PATHS.crm : null, { refreshInterval: 60_000 });
  const tiles = DASHBOARD_TILES.filter((tile) => hasAnyRole(user, tile.roles)).map((tile) => ({ ...tile, testId: `tile-${tile.testId}` }));
  const firstName = user.name.split(' ')[0];
  const o = orders.data;
  const c = crm.data;
  const services = o?.clientServices;

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}. Here is the state of the business.`} />
      {(orders.error || crm.error) && (
        <Text role="alert" className={styles.error}>
          {errorMessage(orders.error ?? crm.error)}
        </Text>
      )}
      {(orders.isLoading || crm.isLoading) && <Spinner size="small" label="Counting…" />}
      <section aria-label="Figures" className={styles.figures}>
        {o?.orders && (
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
        )}
        {services && (
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
        )}
        {c?.team && (
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
        )}
        {c?.mine && (
          <>
            <Figure testId="my-leads" label="My leads" value={c.mine.leads} to="/crm/leads" />
            <Figure testId="my-leads-week" label="Assigned to me this week" value={c.mine.assignedThisWeek} to="/crm/leads" />
          </>
        )}
      </section>
      <div className={styles.charts}>
        {o?.orders && (
          <ChartCard title="Revenue, last 30 days">
            <RevenueChart days={o.orders.revenuePerDay} />
          </ChartCard>
        )}
        {services && (
          <ChartCard title="Client services by status">
            <StatusChart byStatus={services.byStatus} />
          </ChartCard>
        )}
        {c?.team && c.team.leadsPerAgent.length > 0 && (
          <ChartCard title="Leads per agent">
            <AgentsChart agents={c.team.leadsPerAgent} />
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
