// The fault tests: run one file at a time by `npm test` and `npm run test:faults` (tools/run-tests.mjs), on a Kafka
// broker of their own that some stop and start. Kept out of the parallel jest run.
export const FAULT_TESTS = [
  'tests/reliability/',
  'libs/platform/test/outbox.test.ts',
  'libs/platform/test/outbox-redelivery.test.ts',
  'services/crm/test/lead-import-crash.test.ts',
  'services/gateway/test/proxy.test.ts',
];
