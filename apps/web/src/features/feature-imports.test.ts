import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features may use one another, but never in a circle: a cycle between features means neither
 * can be changed, tested or split off alone (STYLE.md). This reads every relative import of every
 * feature's source (tests aside), draws the graph between features and fails on any cycle, naming
 * the files that close it.
 */
const FEATURES = import.meta.dirname;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** feature → feature it imports → the imports that make that edge ("file -> target"). */
export function featureGraph(root: string): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep)[0]!;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(root, path.resolve(path.dirname(file), match[1] ?? match[2]!));
      const to = target.split(path.sep)[0]!;
      if (
        target.startsWith('..') ||
        to === from ||
        !fs.statSync(path.join(root, to), { throwIfNoEntry: false })?.isDirectory()
      )
        continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(root, file)} -> ${target}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's features in order (depth-first search from each feature, each cycle once). */
export function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: string, trail: string[]) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const cycle = trail.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const key = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(key.join(' -> '), key);
      } else visit(next, [...trail, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...found.values()];
}

describe('imports between features', () => {
  it('form no cycle', () => {
    const graph = featureGraph(FEATURES);
    const described = cycles(graph).map((cycle) =>
      [...cycle, cycle[0]!]
        .slice(0, -1)
        .map(
          (from, i) =>
            `${from} -> ${cycle[(i + 1) % cycle.length]!}: ${graph.get(from)!.get(cycle[(i + 1) % cycle.length]!)![0]!}`,
        )
        .join('\n'),
    );
    expect(described).toEqual([]);
  });

  it('would see one: a feature importing another that imports it back', () => {
    const graph = new Map([
      ['trading', new Map([['dashboard', ['trading/a.tsx -> dashboard/b']]])],
      ['dashboard', new Map([['plans', ['dashboard/c.tsx -> plans/d']]])],
      ['plans', new Map([['trading', ['plans/e.tsx -> trading/f']]])],
    ]);
    expect(cycles(graph)).toEqual([['dashboard', 'plans', 'trading']]);
  });
});
