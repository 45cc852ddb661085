// `npm run routes`: regenerates services/gateway/src/routing/route-table.generated.ts from the services' controllers
// (services/gateway/test/route-table.test.ts with UPDATE_ROUTE_TABLE=1 writes it instead of comparing).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js'), 'services/gateway/test/route-table.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, UPDATE_ROUTE_TABLE: '1' } },
);
process.exit(result.status ?? 1);
