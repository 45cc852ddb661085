// Every event an integration test makes a service write to its outbox must match asyncapi.yaml: after each
// test service closes, its outbox rows are validated against the message payload schemas of the file (with
// ajv, tests/event-contract.ts, loaded only by files that start a service), so a payload that drifts from the
// documented contract fails the test that produced it.
import { testDatabaseChecks } from '../libs/platform/src/testing/database-checks';

testDatabaseChecks.push(async (databaseUrl) => {
  const { assertOutboxContracts } = require('./event-contract') as typeof import('./event-contract');
  await assertOutboxContracts(databaseUrl);
});
