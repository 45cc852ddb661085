import { within } from './within';

/** One dependency's answer to a readiness check. */
export interface CheckResult {
  status: 'up' | 'down' | 'degraded';
  detail?: string;
}

/** Asks each dependency at once, each within a second; ready when none is down. */
export async function checkDependencies(
  probes: Record<string, () => Promise<unknown>>,
): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
  const checks: Record<string, CheckResult> = {};
  await Promise.all(
    Object.entries(probes).map(([name, probe]) =>
      within(1000, probe()).then(
        () => void (checks[name] = { status: 'up' }),
        (error: Error) => void (checks[name] = { status: 'down', detail: error.message }),
      ),
    ),
  );
  return { ready: Object.values(checks).every((check) => check.status !== 'down'), checks };
}
