// `npm start`: the whole stack on this machine (the demo databases, the usual ports) until Ctrl-C, which stops
// everything this command started. `npm test`, `npm run test:faults` and `npm run bench` are tools/run-tests.mjs.
import { buildConsole, buildServer } from './build.mjs';
import { ensureInfra, stopInfra } from './infra.mjs';
import { databasesFor, devKeys, log, START_PROFILE, startStack } from './stack.mjs';

await buildServer(log);
const keys = devKeys();
const infra = await ensureInfra({ databases: databasesFor(START_PROFILE), log });
await buildConsole(log);
const stack = await startStack(START_PROFILE, infra, keys);
log(`\n  Back-office is running at http://localhost:8080`);
log(
  `  Sign in as ${process.env.ADMIN_EMAIL ?? 'admin@backoffice.local'} / ${process.env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'ChangeMe!2026'}`,
);
log('  Ctrl-C stops everything this command started.\n');
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('\n› stopping');
  await stack.stop();
  if (infra.started.length) await stopInfra({ log });
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
