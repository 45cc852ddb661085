import { hasAnyRole, useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/layout';
import { LinkTileGrid } from '../../components/navigation';
import { DASHBOARD_TILES } from './dashboard-tiles';

export default function DashboardScreen() {
  const user = useCurrentUser();
  const tiles = DASHBOARD_TILES.filter((tile) => hasAnyRole(user, tile.roles)).map((tile) => ({
    ...tile,
    testId: `tile-${tile.testId}`,
  }));
  const firstName = user.name.split(' ')[0];
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}. What would you like to work on?`} />
      <LinkTileGrid label="Back-office areas" tiles={tiles} />
    </>
  );
}
