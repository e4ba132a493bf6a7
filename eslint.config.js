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
const noParseFloat = {
  selector: "CallExpression[callee.name='parseFloat']",
  message: 'No parseFloat: money is parsed exactly with parseUsdToCents.',
};

const SLEEP_IN_TESTS =
  'No fixed sleep in a test: wait for the condition with eventually() (packages/shared/src/test/eventually.ts, or e2e/support.ts), for requestsSettled(), or move the clock (TestClock, vi.useFakeTimers).';

/** zod's rule methods whose second argument is the rule's message. */
const ZOD_RULES = '/^(min|max|length|regex|refine|gte|gt|lte|lt|multipleOf)$/';

/**
 * A schema rule's message is a code from the shared vocabulary (`rule()` in
 * packages/shared/src/rules.ts), never a sentence: the web renders it in every language and the
 * server answers with its code (issue 15).
 */
const schemaMessageRules = [
  {
    selector: `CallExpression[callee.property.name=${ZOD_RULES}] > :matches(Literal[raw=/^['"]/], TemplateLiteral):nth-child(2)`,
    message:
      "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
  },
  {
    selector: `CallExpression[callee.property.name=/^(int|positive|nonnegative|negative|nonempty)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
    message:
      "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
  },
  {
    selector: `CallExpression[callee.object.name='z'] ObjectExpression > Property[key.name=/^(error|message)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
    message:
      "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
  },
  {
    selector: `CallExpression[callee.property.name=${ZOD_RULES}] ObjectExpression > Property[key.name=/^(error|message)$/] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
    message:
      "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
  },
  {
    selector: `CallExpression[callee.property.name='addIssue'] Property[key.name='message'] > :matches(Literal[raw=/^['"]/], TemplateLiteral)`,
    message:
      "A schema rule's message is rule('CODE') from packages/shared/src/rules.ts, not a sentence.",
  },
];

/** No screen builds a date format of its own: lib/dates.ts formats in the language on screen. */
const ownDateFormat = {
  selector:
    "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
  message: 'Dates and times are formatted by lib/dates.ts, in the language on screen.',
};

const NO_INLINE_MUTATION =
  "No inline useMutation: write the mutation as a hook in the feature's api.ts (or hooks/) and call it here.";
const NO_LITERAL_QUERY_KEY =
  "No literal query key: use the feature's key factory (e.g. tradeKeys.current) or query options from its api.ts.";
/**
 * Server state in web components and pages goes through the feature's api.ts or hooks/ (see the
 * block that uses these). Each form of writing a mutation or a key inline is refused: the plain
 * call, a call through a namespace or object (`RQ.useMutation`), useMutation imported under
 * another name, a namespace import of React Query (which hides every call behind a member), and a
 * key that is not the factory's own call or member: a literal array, or one held in a variable.
 * `apps/web/src/lib/server-state-lint.test.ts` probes each form.
 */
const serverStateRules = [
  { selector: "CallExpression[callee.name='useMutation']", message: NO_INLINE_MUTATION },
  { selector: "CallExpression[callee.property.name='useMutation']", message: NO_INLINE_MUTATION },
  {
    selector:
      "ImportDeclaration[source.value=/^@tanstack\\/react-query/] > ImportSpecifier[imported.name='useMutation']",
    message: NO_INLINE_MUTATION,
  },
  {
    selector:
      'ImportDeclaration[source.value=/^@tanstack\\/react-query/] > ImportNamespaceSpecifier, ImportExpression[source.value=/^@tanstack\\/react-query/]',
    message:
      'Import the React Query hooks you use by name (useQuery, useQueryClient…): a namespace import hides inline mutations and keys from these rules.',
  },
  {
    selector:
      "ObjectExpression > Property[key.name='queryKey'][value.type!=/^(MemberExpression|CallExpression)$/]",
    message: NO_LITERAL_QUERY_KEY,
  },
];

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
      'no-restricted-syntax': ['error', noParseFloat],
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
    // The server's own plumbing (HTTP, realtime, jobs, start-up, seed) reaches a module's data
    // through that module's service too.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/modules/[a-z-]+/[a-z.-]+\\.repo(\\.js)?$',
              allowTypeImports: true,
              message: "A module's data is reached through its service, never its repo.",
            },
          ],
        },
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
    // No parseFloat; a schema rule's message is a code, never a sentence (schemaMessageRules).
    files: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    // config.ts and its parsers: start-up configuration, read by operators only.
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'apps/server/src/config.ts',
      'apps/server/src/lib/setting-parsers.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', noParseFloat, ...schemaMessageRules],
    },
  },
  {
    // Dates follow the language on screen: the web formats them through lib/dates.ts, which hands
    // the shared formatter the current language (issue 39: "11/29/2026" in Spanish and German).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/dates.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/shared/format',
              importNames: ['formatDate', 'formatDateTime'],
              message: 'Import formatDate/formatDateTime from lib/dates: it follows the language.',
            },
          ],
        },
      ],
    },
  },
  {
    // ...and no screen builds a date format of its own (issue 39: the order log's Intl "Nov 29,
    // 2026, 8:35 AM UTC" beside the desk's "11/29/2026 08:35 UTC").
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/src/lib/dates.ts'],
    rules: {
      'no-restricted-syntax': ['error', noParseFloat, ...schemaMessageRules, ownDateFormat],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Server state has one home per feature: its api.ts (query options, a key factory, mutation
    // hooks) or hooks/. Components and pages call those hooks; they neither write a mutation nor
    // spell a query key, so the realtime mapping (app/realtime.ts) and every invalidation use the
    // same keys.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/api.ts',
      'apps/web/src/**/*Api.ts',
      'apps/web/src/**/keys.ts',
      'apps/web/src/**/hooks.ts',
      'apps/web/src/**/hooks/**',
      'apps/web/src/lib/**',
      // Server rendering's plumbing: it removes the queries it prefetched, by their own keys.
      'apps/web/src/entry-server.tsx',
      'apps/web/src/test/**',
      'apps/web/src/**/test/**',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        // A later config replaces the rule's options: the repository-wide and date selectors come
        // along (the date rule was lost for components and pages before).
        noParseFloat,
        ...schemaMessageRules,
        ownDateFormat,
        ...serverStateRules,
        {
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message:
            "mutate's own callbacks are dropped if the component unmounts first (a live update can remove a dialog before its request answers): use mutateAndReport from lib/mutation.ts.",
        },
      ],
    },
  },
  {
    // Tests wait for conditions, never for time (issue 40): a fixed sleep is either a race that
    // passes by luck or an assertion that can never fail. Wait with `eventually`
    // (packages/shared/src/test/eventually.ts; e2e/support.ts in the browser journeys), for the
    // requests to settle (`requestsSettled` in apps/web/src/test/render.tsx), or move a clock
    // (the app's TestClock, vitest's fake timers).
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      'apps/server/test/**/*.ts',
      'apps/web/src/test/**/*.{ts,tsx}',
      'packages/shared/src/test/**/*.ts',
      'e2e/**/*.ts',
    ],
    // The crash tests (npm run test:faults) kill the server and PostgreSQL at random moments under
    // load: there the time is the behaviour under test.
    ignores: ['apps/server/test/faults/faults.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noParseFloat,
        {
          selector:
            "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          message: SLEEP_IN_TESTS,
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: SLEEP_IN_TESTS,
        },
        {
          selector: 'CallExpression[callee.name=/^(sleep|delay|pause|wait)$/]',
          message: SLEEP_IN_TESTS,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:timers/promises', message: SLEEP_IN_TESTS },
            { name: 'timers/promises', message: SLEEP_IN_TESTS },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,cjs,mjs}'], ...tseslint.configs.disableTypeChecked },
);
