import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The server modules' data layer: the only files under modules/ that may use the database. */
const SERVER_DATA_LAYER = [
  'apps/server/src/modules/**/*.repo.ts',
  'apps/server/src/modules/**/*.schema.ts',
  'apps/server/src/modules/ledger/idempotency.ts',
  'apps/server/src/modules/ledger/ledger.audit.ts',
];
const DATABASE_IMPORTS = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/db/client', '**/db/schema', '**/db/prepared'],
  allowTypeImports: true,
  message:
    "Only a module's repo (*.repo.ts) uses the database: move the query there and call it from the service.",
};
const OTHER_MODULES_REPOS = {
  regex: '^(\\.\\./)+[a-z-]+/[a-z.-]+\\.repo(\\.js)?$',
  allowTypeImports: true,
  message: "Another module's data is reached through its service, never its repo.",
};
const OWN_REPO = {
  group: ['./*.repo', './*.repo.js'],
  allowTypeImports: true,
  message: 'Routes parse, call one service function and shape the reply: no repo here.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'No parseFloat: money is parsed exactly with parseUsdToCents.',
        },
      ],
    },
  },
  // Layers in the server's modules (docs: routes → service → repo). Only the data layer talks to
  // the database, no module reaches into another module's repo (it calls that module's service),
  // and routes never import a repo at all. The data layer is each module's `*.repo.ts`, its
  // `*.schema.ts` (Drizzle table definitions), and two ledger files that are SQL by nature:
  // ledger/idempotency.ts (the idempotency-key rows stored and locked with the operation) and
  // ledger/ledger.audit.ts (the books' audit queries). Type-only imports are allowed everywhere:
  // a service holds its transaction (`Tx`) and speaks in row types (`UserRow`), which carries no
  // runtime dependency on the database or on another module's data access.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...SERVER_DATA_LAYER, 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [DATABASE_IMPORTS, OTHER_MODULES_REPOS] },
      ],
    },
  },
  {
    files: SERVER_DATA_LAYER,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [OTHER_MODULES_REPOS] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [DATABASE_IMPORTS, OTHER_MODULES_REPOS, OWN_REPO] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
