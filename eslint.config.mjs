// One lint config for the monorepo. Console features never import each other (shared code → features → app).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ALLOWED_SKIPS } from './tests/allowed-skips.mjs';

/**
 * No focused, skipped or inverted tests: `.only` anywhere (jest, Vitest, Playwright: test/it/describe and
 * test.describe), `fit`/`fdescribe`; `.failing` (jest), `.fail` (Playwright) and `.fails` (Vitest) anywhere: a test
 * expected to fail counts as passed while its claim is broken; `.skip`, `.fixme`, `.todo`, `xit`/`xdescribe`/`xtest`
 * except in a file that declares a skip with its reason in tests/allowed-skips.mjs (the runner then checks the skipped
 * test itself is the declared one).
 */
const TEST_ROOTS = new Set(['test', 'it', 'describe', 'suite', 'bench']);
const FOCUSED = new Set(['only']);
const INVERTED = new Set(['failing', 'fail', 'fails']);
const DISABLED = new Set(['skip', 'fixme', 'todo', 'skipIf', 'runIf']);
const FOCUSED_IDS = new Set(['fit', 'fdescribe', 'ftest']);
const DISABLED_IDS = new Set(['xit', 'xdescribe', 'xtest']);
const skipFiles = new Set(ALLOWED_SKIPS.map((skip) => skip.file));
const rootName = (node) => {
  while (node.type === 'MemberExpression') node = node.object;
  return node.type === 'Identifier' ? node.name : undefined;
};
const testsPlugin = {
  rules: {
    'no-focused-or-skipped': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.slice(context.cwd.length + 1);
        const skipAllowed = skipFiles.has(file);
        return {
          MemberExpression(node) {
            const name = node.property.type === 'Identifier' ? node.property.name : undefined;
            if (!name || !TEST_ROOTS.has(rootName(node.object) ?? '')) return;
            if (FOCUSED.has(name)) context.report({ node, message: `No .${name}: a focused test hides every other test of the run.` });
            else if (INVERTED.has(name))
              context.report({ node, message: `No .${name}: a test expected to fail passes while what it claims is broken.` });
            else if (DISABLED.has(name) && !skipAllowed)
              context.report({
                node,
                message: `No .${name}: a skipped test proves nothing (declare it with its reason in tests/allowed-skips.mjs).`,
              });
          },
          'CallExpression > Identifier.callee'(node) {
            if (FOCUSED_IDS.has(node.name))
              context.report({ node, message: `No ${node.name}: a focused test hides every other test of the run.` });
            else if (DISABLED_IDS.has(node.name) && !skipAllowed)
              context.report({ node, message: `No ${node.name}: a skipped test proves nothing (declare it in tests/allowed-skips.mjs).` });
          },
        };
      },
    },
  },
};

/**
 * No two files that import each other, type-only imports included: import/no-cycle finds the circles of values (of
 * any length) but skips `import type`, and a circle of types still ties two modules into one.
 */
const RELATIVE_IMPORT = /(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const resolveImport = (from, specifier) => {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};
const importsOf = (file) =>
  [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].map((match) => resolveImport(file, match[1] ?? match[2])).filter(Boolean);
const importsPlugin = {
  rules: {
    'no-two-file-circle': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = resolve(context.filename);
        const check = (node, specifier) => {
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const target = resolveImport(file, specifier);
          if (target && importsOf(target).includes(file))
            context.report({ node, message: `An import circle: ${specifier} imports this file too (move what both need below both).` });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

const features = ['catalogue', 'crm', 'dashboard', 'geography', 'identity', 'orders', 'payments', 'scheduling', 'webhooks'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', '.local/**', 'tests/e2e/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { tests: testsPlugin },
    rules: { 'tests/no-focused-or-skipped': 'error' },
  },
  {
    files: ['deploy/**/*.mjs', 'tools/**/*.mjs', 'tests/**/*.{mjs,ts}', '**/*.config.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    // No function of the product longer than a screen (the console's rule, below, is the same): split it by concern.
    files: ['services/*/src/**/*.ts', 'libs/*/src/**/*.ts', 'tools/**/*.mjs', 'deploy/**/*.mjs'],
    ignores: ['**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The rules of hooks, and the React Compiler's checks of what a component may do while rendering.
    files: ['console/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin, imports: importsPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // How the rules that follow imports (no-cycle) read the files they reach.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./console/src/features/${feature}`,
              from: './console/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move shared code to console/src/components.',
            })),
            { target: './console/src/features', from: './console/src/app', message: 'Features do not import the app shell.' },
            {
              target: './console/src/components',
              from: ['./console/src/features', './console/src/app'],
              message: 'Shared components import neither features nor the app.',
            },
          ],
        },
      ],
      // No import circle (values by import/no-cycle, two files tied by types too by imports/no-two-file-circle).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'imports/no-two-file-circle': 'error',
      // A function longer than a screen is split into components and hooks.
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/], TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: 'Take API paths from the *_PATHS constants in @backoffice/contracts, never a literal /api/... string.',
        },
      ],
    },
  },
);
