/** One dependency's answer to a readiness check. */
export interface CheckResult {
  status: 'up' | 'down' | 'degraded';
  detail?: string;
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
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
