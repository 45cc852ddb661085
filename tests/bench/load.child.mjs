// The load generator, in a process of its own: autocannon against the URL and options given as one JSON argument
// ({url, connections, duration, headers}). Prints autocannon's totals as JSON. Run apart from the process that
// measures, so the generator never shares a thread with what it loads or with an anchor (tests/bench/lib.mjs load()).
import autocannon from 'autocannon';

const { url, connections, duration, headers } = JSON.parse(process.argv[2]);
const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
process.stdout.write(
  JSON.stringify({
    duration: result.duration,
    requests: result.requests.total,
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  }),
);
