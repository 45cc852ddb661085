// Container health check: exits 0 when GET http://127.0.0.1:$OPS_PORT (or $PORT)<path> answers 2xx within 4 s.
// Usage: node healthcheck.mjs [/health/live | /health/ready]
const path = process.argv[2] ?? '/health/live';
// The gateway answers health checks on its ops port only (its main port is the public edge).
const port = process.env.OPS_PORT ?? process.env.PORT ?? '3000';

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
