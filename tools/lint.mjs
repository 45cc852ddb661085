// `npm run lint`: eslint, prettier and the dependency check in one lane, the two TypeScript checks (services and
// libs; the console) in another, side by side (each is one thread). Prints each step's output when it ends; exits 1
// when any step fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const lanes = [
  [
    ['eslint', [bin('eslint'), '.']],
    ['prettier', [bin('prettier'), '--check', '.']],
    ['dependencies', [process.execPath, join(ROOT, 'tools/check-dependencies.mjs')]],
  ],
  [
    ['tsc (services, libs, tests)', [bin('tsc'), '-p', 'tsconfig.json', '--noEmit']],
    ['tsc (console)', [bin('tsc'), '-p', 'console/tsconfig.json', '--noEmit']],
  ],
];

function step([name, [command, ...args]]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(
  lanes.map(async (lane) => {
    let ok = true;
    for (const entry of lane) ok = (await step(entry)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
