// @ts-check
/**
 * The import boundaries of issue 40, checked by dependency-cruiser on the import graph the
 * TypeScript sources really have (type-only imports included), not by a regex over source text.
 *
 * `npm run lint:deps` runs it with `--ignore-known`: the violations the tree had when the rules
 * came in are listed in `.dependency-cruiser-known-violations.json` and tolerated; any other one
 * fails. As the clean-up removes a known violation, regenerate the list with
 * `npm run lint:deps:baseline` so it cannot come back (the list only ever shrinks).
 *
 * `scripts/structure.ts` (`npm run structure`) reuses this file's options to count the circles.
 */

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** The app's plumbing, below every module (docs/architecture.md). */
const KERNEL = `${SERVER}((config|logging|context|caches)\\.ts$|(db|http|jobs|lib)/)`;
/** Test code may reach into a module to set up a scenario; the layering rules are for product code. */
const TESTS = [
  '\\.(test|spec)\\.tsx?$',
  '(^|/)test-helpers\\.tsx?$',
  '^apps/server/test/',
  '^apps/web/src/test/',
  '^e2e/',
];

/** Packages and node built-ins that do I/O or hold a connection: never inside a `domain/` folder. */
const IO = [
  '(^|/)node_modules/(pg|pg-[^/]+|postgres|@electric-sql/[^/]+|drizzle-orm|fastify|@fastify/[^/]+|ws|nodemailer|smtp-server|pdfkit|ccxt|undici)/',
  '^(node:)?(fs|fs/promises|net|tls|dgram|dns|http|https|http2|child_process|cluster|worker_threads|readline|os|process)$',
];

/**
 * The web app's features, lowest first: a feature may import the features listed before it,
 * never one listed after it (its tests aside). A feature-level circle (trading -> dashboard ->
 * trading, even through different files on each side) is therefore impossible by construction,
 * which a file-level `circular` check cannot see. A new feature goes in this list; an import
 * against the order means either the importing feature moves up (if no circle results) or the
 * shared piece moves down into the lower feature, src/ui or src/lib.
 * `apps/web/src/features/feature-imports.test.ts` probes the rule and checks every feature
 * folder is listed.
 */
const WEB_FEATURE_ORDER = [
  'common',
  'errors',
  'validation',
  'account',
  'auth',
  'market',
  'notifications',
  'referrals',
  'transactions',
  'deposits',
  'withdrawals',
  'public',
  'support',
  'verification',
  'trader',
  'shell',
  'strategies',
  'trading',
  'plans',
  'profile',
  'dashboard',
  'admin',
];
const WEB_FEATURES = '^apps/web/src/features/';

/** One rule per feature: it may not import any feature listed after it. */
const webFeatureOrderRules = WEB_FEATURE_ORDER.slice(0, -1).map((feature, index) => ({
  name: 'web-feature-order',
  severity: /** @type {const} */ ('error'),
  comment:
    `Feature "${feature}" imports a feature listed after it in WEB_FEATURE_ORDER ` +
    '(.dependency-cruiser.cjs): features import only those below them, so they never form a ' +
    'circle. Move the shared piece down (into the lower feature, src/ui or src/lib), or move ' +
    'this feature up the list if no circle results.',
  from: { path: `${WEB_FEATURES}${feature}/`, pathNot: TESTS },
  to: { path: `${WEB_FEATURES}(${WEB_FEATURE_ORDER.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only imports count too: they tie the two files together just the ' +
        'same). Break it by the direction of dependency (issue 40), not by moving code to a heap.',
      from: { pathNot: '^apps/web/' },
      to: { circular: true },
    },
    {
      name: 'web-no-circular',
      severity: 'error',
      comment:
        'An import circle in the web app (type-only imports included), within a feature or ' +
        'between features: one side should own the shared piece, or it belongs in src/ui or ' +
        'src/lib. (Checked on files: a folder-level check would count every path through test ' +
        'helpers as a circle.)',
      from: { path: '^apps/web/' },
      to: { circular: true },
    },
    ...webFeatureOrderRules,
    {
      name: 'module-face-only',
      severity: 'error',
      comment:
        'Another module is reached through its face, modules/<name>/index.ts, which exports ' +
        'what it offers; the files behind it are its own to change (docs/architecture.md).',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(domain/)?index\\.ts$`],
      },
    },
    {
      name: 'module-face-only-from-outside',
      severity: 'error',
      comment:
        "The app's wiring, realtime, seed and CLI reach a module through its face too (only " +
        "db/schema.ts gathers the modules' *.schema.ts tables for drizzle).",
      from: { path: SERVER, pathNot: [MODULES, `${SERVER}db/schema\\.ts$`, ...TESTS] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'kernel-imports-no-module',
      severity: 'error',
      comment:
        'The kernel (config, logging, context, caches, db/, http/, jobs/, lib/) sits below every ' +
        'module and imports none: a module plugs into it (an interface on the context, a hook ' +
        "registered at wiring). db/schema.ts may gather the modules' *.schema.ts tables only.",
      from: { path: KERNEL, pathNot: [`${SERVER}db/schema\\.ts$`, ...TESTS] },
      to: { path: MODULES },
    },
    {
      name: 'schema-gathers-tables-only',
      severity: 'error',
      comment:
        "db/schema.ts gathers the modules' tables (their *.schema.ts) and nothing else of them.",
      from: { path: `${SERVER}db/schema\\.ts$` },
      to: { path: MODULES, pathNot: '\\.schema\\.ts$' },
    },
    {
      name: 'repo-only-from-own-module',
      severity: 'error',
      comment:
        "A module's repo (its tables) is reached only by its own module; another module asks " +
        'its service.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: `${MODULES}[^/]+/.*\\.repo\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'repo-only-from-modules',
      severity: 'error',
      comment:
        "A module's repo is reached only by its own module: not by the app's wiring, jobs, " +
        'seed or CLI code outside modules/ either.',
      from: { path: SERVER, pathNot: [MODULES, ...TESTS] },
      to: { path: `${MODULES}[^/]+/.*\\.repo\\.ts$` },
    },
    {
      name: 'tables-only-from-own-module',
      severity: 'error',
      comment:
        "A module's tables (its *.schema.ts) are read and written by its own module only: " +
        "importing another module's table objects walks around its repo.",
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: `${MODULES}[^/]+/.*\\.schema\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'routes-not-to-repo',
      severity: 'error',
      comment: 'routes -> service -> repo: a route calls a service function, never a repo.',
      from: { path: `${SERVER}.+\\.routes\\.ts$` },
      to: { path: `${SERVER}.+\\.repo\\.ts$` },
    },
    {
      name: 'service-not-to-routes',
      severity: 'error',
      comment: 'routes -> service -> repo: a service knows nothing of HTTP routes.',
      from: { path: `${SERVER}.+\\.service\\.ts$` },
      to: { path: `${SERVER}.+\\.routes\\.ts$` },
    },
    {
      name: 'repo-not-up',
      severity: 'error',
      comment:
        'routes -> service -> repo: a repo is plain (db, params) functions; it calls no service or route.',
      from: { path: `${SERVER}.+\\.repo\\.ts$` },
      to: { path: `${SERVER}.+\\.(service|routes)\\.ts$` },
    },
    {
      name: 'domain-pure-no-io-packages',
      severity: 'error',
      comment:
        'domain/ is pure (STYLE.md): no database driver, ORM, HTTP server, socket, mail or file ' +
        'system import.',
      from: { path: `${SERVER}.*/domain/`, pathNot: TESTS },
      to: { path: IO },
    },
    {
      name: 'domain-pure-no-io-code',
      severity: 'error',
      comment:
        "domain/ is pure: it does not import the app's I/O code (database client and tables, " +
        'HTTP, realtime, jobs, the context) nor a repo, service or routes file.',
      from: { path: `${SERVER}.*/domain/`, pathNot: TESTS },
      to: {
        path: [
          `${SERVER}(db|http|realtime|jobs|cli|seed)/`,
          `${SERVER}(context|app|main|caches|logging|config)\\.ts$`,
          '\\.(repo|service|routes|schema)\\.ts$',
        ],
      },
    },
  ],
  options: {
    // Type-only imports are edges of the graph: `import type` ties two files as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: ['node_modules'] },
    // Packages are kept as the ends of dependencies (the domain rules look at them) but not
    // followed; excluding node_modules would drop every package import from the graph.
    exclude: {
      path: ['(^|/)dist/', '(^|/)\\.vite/', '^data/', '^test-results/', '^playwright-report/'],
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
