/**
 * Checks run on a test database after its service closed and before it is dropped (the event contract
 * check in tests/event-contract.setup.ts registers one); a check that throws fails the test file.
 * A module of its own so a jest setup file can register checks without loading the test kit.
 */
export const testDatabaseChecks: ((databaseUrl: string) => Promise<void>)[] = [];
