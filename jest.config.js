// Unit tests (*.spec.ts beside the code) and integration tests (each service test folder), against real servers.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  moduleNameMapper: {
    '^@backoffice/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@backoffice/platform$': '<rootDir>/libs/platform/src/index.ts',
    '^@backoffice/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^@backoffice/platform/worker$': '<rootDir>/libs/platform/src/worker.ts',
  },
  testMatch: [
    '<rootDir>/libs/*/src/**/*.spec.ts',
    '<rootDir>/services/*/src/**/*.spec.ts',
    '<rootDir>/services/*/test/**/*.test.ts',
    '<rootDir>/libs/*/test/**/*.test.ts',
    '<rootDir>/tests/deploy/**/*.test.ts',
    '<rootDir>/tests/docs/**/*.test.ts',
    '<rootDir>/tests/reliability/**/*.test.ts',
    '<rootDir>/tests/security/**/*.test.ts',
    '<rootDir>/tests/containers/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/tests/jest.setup.js'],
  setupFilesAfterEnv: ['<rootDir>/tests/event-contract.setup.ts'],
  testSequencer: '<rootDir>/tests/jest.sequencer.js',
  testTimeout: 60_000,
  maxWorkers: 2,
};
