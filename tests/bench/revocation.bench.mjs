// Session revocation propagation on the running stack: a session signs in, every process answers its token, the
// session signs out, and each process is asked directly (every 2 ms) until it refuses the token with 401. The figure
// is the time from the sign-out's answer to the last process refusing, over several sign-outs.
import { percentile, round, row } from './lib.mjs';

export const name = 'session revocation';

const ROUNDS = Number(process.env.REVOCATION_BENCH_ROUNDS ?? 10);

/** A route of each process that needs a signed-in Admin (the guard answers 401 for an ended session). */
const PROBES = {
  identity: '/api/auth/profile',
  catalogue: '/api/categories',
  crm: '/api/dashboard/crm',
  orders: '/api/dashboard/orders',
  geography: '/api/countries',
  scheduling: '/api/branches',
  payments: '/api/payments/settlement/batches?from=2026-01-01&to=2026-01-02',
};

async function signIn(base, credentials) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: credentials.email, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { token: (await response.json()).accessToken, cookie };
}

const status = async (url, token) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;

export async function run({ stack, credentials }) {
  const targets = [
    ...Object.entries(PROBES).map(([service, path]) => ({ name: service, url: `${stack.serviceUrl(service)}${path}` })),
    { name: 'gateway', url: `${stack.url}${PROBES.identity}` },
  ];
  const worst = [];
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const session = await signIn(stack.url, credentials);
    for (const target of targets) {
      const answer = await status(target.url, session.token);
      if (answer === 401) throw new Error(`${target.name} refused a live session`);
    }
    const logout = await fetch(`${stack.url}/api/auth/logout`, { method: 'POST', headers: { cookie: session.cookie } });
    if (logout.status !== 204) throw new Error(`sign-out answered ${logout.status}`);
    const signedOut = performance.now();
    const reached = await Promise.all(
      targets.map(async (target) => {
        while (performance.now() - signedOut < 5000) {
          if ((await status(target.url, session.token)) === 401) return performance.now() - signedOut;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        throw new Error(`${target.name} still accepted the ended session after 5 s`);
      }),
    );
    worst.push(Math.max(...reached));
  }
  const p50 = percentile(worst, 50);
  const max = Math.max(...worst);
  return [
    row(name, `sign-out to the last of ${targets.length} processes refusing the token, median of ${ROUNDS}`, round(p50), 'ms', {
      goal: '≤ 100 ms',
      met: p50 <= 100,
    }),
    row(name, `the same, worst of ${ROUNDS}`, round(max), 'ms', { goal: '≤ 100 ms', met: max <= 100 }),
  ];
}
