import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { samsRules } from './tests/lint/sams-rules.js';

const ROOT = import.meta.dirname;
const FEATURES = readdirSync(`${ROOT}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may import whom: shared/ is the middle both sides use; the sides never reach into each other. */
const BOUNDARIES = [
  { target: 'shared', from: ['functions', 'web', 'infra'], message: 'shared/ imports nothing of functions/, web/ or infra/.' },
  { target: 'web', from: ['functions', 'infra'], message: 'web/ imports nothing of functions/ or infra/.' },
  { target: 'functions', from: ['infra', 'web'], message: 'handlers import nothing of infra/ or web/.' },
  // A feature of the web app imports nothing of another: what both need lives in web/src/lib or web/src/components.
  ...FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: `features import nothing from each other (${feature} → another): move what both need to web/src/lib or web/src/components.`,
  })),
];

// react-router's UNSAFE_ exports may change in any release; the app uses its documented API (docs/decisions.md).
const UNSAFE_ROUTER = {
  group: ['react-router', 'react-router-dom'],
  importNamePattern: '^UNSAFE_',
  message: 'Use react-router’s documented API.',
};
// Loaded at run time, the route schemas would ride in every Lambda and in the web app's download; the tests and the local server load them.
const SCHEMAS_AS_TYPES = {
  group: ['@shared/api-schemas', '**/api-schemas', '@shared/answers/*', '**/answers/*'],
  allowTypeImports: true,
  message: 'Import its types only (shared/api-contract.ts).',
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { sams: samsRules, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The path aliases (@shared/, @functions/, @web/, …) come from tsconfig.json.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UNSAFE_ROUTER] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: BOUNDARIES }],
      // Cycles that run; type-only ones are tests/lint/import-cycles.ts (this rule skips `import type`).
      // ignoreExternal: it follows no import into node_modules, whose modules it would otherwise parse on every lint.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Every DynamoDB key is spelled in functions/lib/keys.ts, and nowhere else.
      'sams/keys-in-key-module': 'error',
    },
  },
  {
    files: ['functions/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UNSAFE_ROUTER, SCHEMAS_AS_TYPES] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
);
