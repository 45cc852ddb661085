// Load through the gateway in a process of its own (so the load generator never shares a thread with the test):
// autocannon with CONNECTIONS connections over PATHS (comma-separated GETs) at BASE_URL with TOKEN, until SIGTERM;
// then prints one JSON line: requests, non2xx, errors, timeouts, p99 (ms), and the first refused answers seen (path,
// status, body).
import autocannon from 'autocannon';

const paths = process.env.PATHS.split(',');
const refused = [];
const instance = autocannon({
  url: process.env.BASE_URL,
  connections: Number(process.env.CONNECTIONS ?? 50),
  duration: 3600,
  headers: { authorization: `Bearer ${process.env.TOKEN}` },
  requests: paths.map((path) => ({
    method: 'GET',
    path,
    // What refused, and why: the path, the status and the start of the answer's body (a problem's detail).
    onResponse: (statusCode, body) => {
      if (statusCode >= 400 && refused.length < 20) {
        refused.push({ statusCode, path, body: String(body ?? '').slice(0, 300), at: new Date().toISOString() });
      }
    },
  })),
});
instance.on('reqError', (error) => {
  if (refused.length < 20) refused.push({ error: String(error?.message ?? error), at: new Date().toISOString() });
});
instance.on('done', (result) => {
  const out = {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p99: result.latency.p99,
    refused,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
});
process.once('SIGTERM', () => instance.stop());
