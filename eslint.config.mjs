// One lint config for the monorepo. Console features never import each other (shared code → features → app).
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['catalogue', 'crm', 'dashboard', 'geography', 'identity', 'orders', 'payments', 'scheduling'];

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
    files: ['deploy/**/*.mjs', 'tests/**/*.{mjs,ts}', '**/*.config.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
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
