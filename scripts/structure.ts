/**
 * `npm run structure`: the figures issue 40 is judged by, measured on the whole tree.
 *
 * - import circles: the strongly connected components of the import graph dependency-cruiser
 *   builds with this repo's `.dependency-cruiser.cjs` (type-only imports included), one circle per
 *   component, with its files;
 * - functions over 80 lines outside tests, found with the TypeScript compiler's syntax tree (every
 *   function, method, accessor and arrow; a nested function counts on its own and inside its
 *   parent);
 * - source files over 600 lines (tests left out);
 * - duplicate pairs, from the `duplicates` command when it is on PATH (not on CI: skipped there).
 *
 * It measures and does not judge: it exits 0 whatever the figures. The boundary rules are judged by
 * `npm run lint:deps`. See docs/architecture.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';

export const LONG_FUNCTION_LINES = 80;
export const LONG_FILE_LINES = 600;
/** The folders the import graph is cruised from (the same as `npm run lint:deps`). */
export const CRUISED = ['apps', 'packages', 'e2e', 'bench', 'scripts'];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Test code: the figures on functions and file sizes are for product code. */
const TEST = [
  /\.(test|spec)\.(ts|tsx|js|mjs)$/,
  /^e2e\//,
  /^apps\/server\/test\//,
  /^apps\/web\/src\/test\//,
  /(^|\/)__fixtures__\//,
];

export function isTest(file: string): boolean {
  return TEST.some((pattern) => pattern.test(file));
}

/** The files git tracks, and the untracked ones it does not ignore, as the working tree has them. */
export function sourceFiles(root: string): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(out.split('\0'))]
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file))
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Import circles

export type Circle = { area: 'server' | 'web' | 'shared' | 'other'; files: string[] };

/** One circle per strongly connected component of more than one file (or a file importing itself). */
export function circlesOf(result: ICruiseResult): Circle[] {
  const edges = new Map<string, string[]>();
  for (const module of result.modules) {
    if (module.coreModule || module.couldNotResolve || /(^|\/)node_modules\//.test(module.source)) {
      continue;
    }
    edges.set(
      module.source,
      module.dependencies
        .filter(
          (d) => !d.coreModule && !d.couldNotResolve && !/(^|\/)node_modules\//.test(d.resolved),
        )
        .map((d) => d.resolved),
    );
  }
  return stronglyConnected(edges)
    .map((files) => ({ area: areaOf(files), files }))
    .sort((a, b) => a.area.localeCompare(b.area) || b.files.length - a.files.length);
}

/** The strongly connected components of more than one node (or a node leaning on itself). */
export function stronglyConnected(edges: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative (the graph is deep enough to matter for recursion).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, child: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && targets.includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components;
}

function areaOf(files: string[]): Circle['area'] {
  const first = files[0] ?? '';
  if (first.startsWith('apps/server/')) return 'server';
  if (first.startsWith('apps/web/')) return 'web';
  if (first.startsWith('packages/shared/')) return 'shared';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// The server's module graph

/** What a server file belongs to: `modules/<name>`, the kernel, or a wiring piece of its own. */
export function serverNodeOf(file: string): string | undefined {
  const match = /^apps\/server\/src\/(.+)$/.exec(file);
  if (!match || isTest(file)) return undefined;
  const path = match[1]!;
  const module = /^modules\/([^/]+)\//.exec(path);
  if (module) return `modules/${module[1]}`;
  const top = path.split('/')[0]!;
  if (['realtime', 'seed', 'cli'].includes(top)) return top;
  if (top === 'app.ts' || top === 'main.ts') return top.replace(/\.ts$/, '');
  return 'kernel';
}

export type ModuleGraph = { edges: Map<string, Set<string>>; via: Map<string, string[]> };

/**
 * The import graph folded to server modules, with the imports behind each edge. `db/schema.ts`
 * gathering the modules' `*.schema.ts` tables (for drizzle's typed client) is not an edge.
 */
export function moduleGraph(result: ICruiseResult): ModuleGraph {
  const edges = new Map<string, Set<string>>();
  const via = new Map<string, string[]>();
  for (const module of result.modules) {
    const from = serverNodeOf(module.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = serverNodeOf(dependency.resolved);
      if (!to || to === from) continue;
      if (
        module.source === 'apps/server/src/db/schema.ts' &&
        dependency.resolved.endsWith('.schema.ts')
      )
        continue;
      edges.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      via.set(key, [...(via.get(key) ?? []), `${module.source} -> ${dependency.resolved}`]);
    }
  }
  return { edges, via };
}

/** Each circle of modules, with one import behind each of its edges. */
export function moduleCircles(graph: ModuleGraph): string[][] {
  const asLists = new Map([...graph.edges].map(([from, to]) => [from, [...to]]));
  return stronglyConnected(asLists).map((members) => {
    const inside = new Set(members);
    return members.flatMap((from) =>
      [...(graph.edges.get(from) ?? [])]
        .filter((to) => inside.has(to))
        .map((to) => `${from} -> ${to} (${graph.via.get(`${from} -> ${to}`)![0]})`),
    );
  });
}

export async function cruiseTree(root: string, folders = CRUISED): Promise<ICruiseResult> {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const tsConfigFile = options.tsConfig?.fileName;
    const present = folders.filter((folder) => existsSync(folder));
    const reported = await cruise(
      present,
      { ...options, outputType: 'json' },
      {},
      tsConfigFile ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
    );
    const output = reported.output;
    return typeof output === 'string' ? (JSON.parse(output) as ICruiseResult) : output;
  } finally {
    process.chdir(previous);
  }
}

// ---------------------------------------------------------------------------------------------
// Function lengths

export type LongFunction = { name: string; file: string; line: number; lines: number };

/** Every function-like node of a file with its length in lines (first to last line, inclusive). */
export function functionLengths(file: string, text: string): LongFunction[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node, source), file, line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A readable name: the declaration's, the variable or property it is assigned to, or the call it is passed to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (
    named.name &&
    (ts.isIdentifier(named.name) ||
      ts.isStringLiteral(named.name) ||
      ts.isPrivateIdentifier(named.name))
  ) {
    return named.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  let parent = node.parent;
  // const X = memo(function () {...}), forwardRef((props) => ...)
  while (
    parent &&
    (ts.isCallExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent))
  ) {
    if (
      ts.isCallExpression(parent) &&
      !(
        parent.parent &&
        (ts.isVariableDeclaration(parent.parent) || ts.isPropertyAssignment(parent.parent))
      )
    ) {
      const callee = parent.expression.getText(source).replace(/\s+/g, '');
      const first = parent.arguments[0];
      const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
      return `${callee.length > 40 ? callee.slice(-40) : callee}(${label.trim()}) callback`;
    }
    parent = parent.parent;
  }
  if (
    parent &&
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent))
  ) {
    if (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)) return parent.name.text;
  }
  if (parent && ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

/** Whether function `outer` holds function `inner` (same file, its lines within). */
export function encloses(outer: LongFunction, inner: LongFunction): boolean {
  return (
    outer.file === inner.file &&
    outer.line <= inner.line &&
    outer.line + outer.lines >= inner.line + inner.lines &&
    outer.lines > inner.lines
  );
}

// ---------------------------------------------------------------------------------------------
// Duplicates

export type Duplicates =
  { pairs: number; boilerplate: number; line: string; incomplete?: string } | { skipped: string };

/** The areas whose pairs are also counted apart (pairs within each folder, as issue 40 counted). */
export const DUPLICATE_AREAS = {
  web: 'apps/web',
  server: 'apps/server',
  shared: 'packages/shared',
};

export function hasDuplicatesCommand(): boolean {
  return spawnSync('sh', ['-c', 'command -v duplicates']).status === 0;
}

/** `duplicates --seconds 120` on `folder` of the tree at `root`. */
export function duplicatePairs(root: string, folder = '.'): Duplicates {
  const run = spawnSync('duplicates', ['--seconds', '120', '--repo', folder], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return readDuplicates(run.stdout ?? '', run.stderr ?? '');
}

const number = (text: string | undefined) => Number((text ?? '0').replace(/,/g, ''));

/** The pair count from the first line of `duplicates`' report (and its `incomplete:` line, if any). */
export function readDuplicates(stdout: string, stderr = ''): Duplicates {
  const lines = stdout.split('\n');
  const first = lines[0]?.trim() ?? '';
  const incomplete = lines.find((line) => line.startsWith('incomplete:'));
  const withIncomplete = incomplete ? { incomplete } : {};
  if (/^no duplicates/i.test(first))
    return { pairs: 0, boilerplate: 0, line: first, ...withIncomplete };
  const count = /^([\d,]+)\s+pairs?\b/i.exec(first);
  if (!count?.[1]) return { skipped: `could not read a pair count from: ${first || stderr}` };
  const boilerplate = /([\d,]+) of those marked boilerplate/.exec(first);
  return {
    pairs: number(count[1]),
    boilerplate: number(boilerplate?.[1]),
    line: first,
    ...withIncomplete,
  };
}

// ---------------------------------------------------------------------------------------------

function table(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}

/** Long functions and long files among the product (non-test) files. */
export function sizes(root: string, product: string[]) {
  const functions: LongFunction[] = [];
  const longFiles: Array<{ file: string; lines: number }> = [];
  for (const file of product) {
    const text = readFileSync(`${root}/${file}`, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > LONG_FILE_LINES) longFiles.push({ file, lines });
    functions.push(...functionLengths(file, text).filter((f) => f.lines > LONG_FUNCTION_LINES));
  }
  const outermost = functions.filter((f) => !functions.some((g) => g !== f && encloses(g, f)));
  functions.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  longFiles.sort((a, b) => b.lines - a.lines);
  return { functions, outermost, longFiles };
}

/** The whole tree's pairs, and the pairs within each area, or why they were not counted. */
function duplicateFigure(root: string, wanted: boolean): string {
  if (!wanted) return '- (skipped: --no-duplicates)';
  if (!hasDuplicatesCommand())
    return '- (skipped: the `duplicates` command is not on PATH; CI has none)';
  const whole = duplicatePairs(root);
  if (!('pairs' in whole)) return `- (${whole.skipped})`;
  const within = Object.entries(DUPLICATE_AREAS).map(([area, folder]) => {
    const found = duplicatePairs(root, folder);
    return `${area} ${'pairs' in found ? found.pairs : '?'}`;
  });
  const incomplete = whole.incomplete ? `; ${whole.incomplete}` : '';
  return `${whole.pairs} (${whole.pairs - whole.boilerplate} not marked boilerplate; within ${within.join(', ')}${incomplete})`;
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const args = new Set(process.argv.slice(2));
  const product = sourceFiles(root).filter((file) => !isTest(file));

  const started = performance.now();
  const result = await cruiseTree(root);
  const circles = circlesOf(result);
  const moduleCirclesFound = moduleCircles(moduleGraph(result));
  const cruiseSeconds = (performance.now() - started) / 1000;
  const { functions, outermost, longFiles } = sizes(root, product);
  const duplicates = duplicateFigure(root, !args.has('--no-duplicates'));

  const graphFiles = result.modules.filter(
    (m) => !m.coreModule && !m.couldNotResolve && !/(^|\/)node_modules\//.test(m.source),
  ).length;
  const byArea = (['server', 'web', 'shared', 'other'] as const)
    .map((area) => `${area} ${circles.filter((c) => c.area === area).length}`)
    .join(', ');
  console.log('Structure figures (issue 40), whole tree\n');
  console.log(
    table([
      [
        'import circles',
        `${circles.length} (${byArea}; ${graphFiles} files in the graph, type-only imports included)`,
      ],
      [
        'server module circles',
        `${moduleCirclesFound.length} (modules/<name>/ one node each, the kernel one node)`,
      ],
      [
        `functions > ${LONG_FUNCTION_LINES} lines`,
        `${functions.length} (outside tests, of ${product.length} files; ${outermost.length} not inside another long one)`,
      ],
      [`files > ${LONG_FILE_LINES} lines`, `${longFiles.length} (outside tests)`],
      ['duplicate pairs', duplicates],
    ]),
  );

  console.log(`\nImport circles (${circles.length}):`);
  circles.forEach((circle, i) => {
    console.log(`  ${i + 1}. ${circle.area}, ${circle.files.length} files`);
    for (const file of circle.files) console.log(`       ${file}`);
  });
  console.log(`\nServer module circles (${moduleCirclesFound.length}):`);
  moduleCirclesFound.forEach((edges, i) => {
    console.log(`  ${i + 1}.`);
    for (const edge of edges) console.log(`       ${edge}`);
  });
  const top = args.has('--all') ? functions : functions.slice(0, 10);
  console.log(
    `\nLongest functions (${top.length} of ${functions.length} over ${LONG_FUNCTION_LINES} lines):`,
  );
  console.log(table(top.map((f) => [`${f.lines}`, `${f.name}  ${f.file}:${f.line}`])));
  console.log(`\nFiles over ${LONG_FILE_LINES} lines (${longFiles.length}):`);
  if (longFiles.length > 0) console.log(table(longFiles.map((f) => [`${f.lines}`, f.file])));
  console.log(
    `\n(import graph cruised in ${cruiseSeconds.toFixed(1)} s; --all lists every long function)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
