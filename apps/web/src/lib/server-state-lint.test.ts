// @vitest-environment node
import { ESLint, Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Probes the lint rules that keep server state in each feature's api.ts or hooks/ (eslint.config.js,
 * `serverStateRules`): the configuration ESLint computes for a component file is applied to small
 * sources, one per way of writing a mutation or a query key inline, and each must be refused,
 * while the ways the features really use (hooks from api.ts, the key factory) pass.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const COMPONENT = 'apps/web/src/features/trading/components/Probe.tsx';

let rules: Linter.RulesRecord = {};
beforeAll(async () => {
  const config = (await new ESLint({ cwd: root }).calculateConfigForFile(COMPONENT)) as {
    rules: Linter.RulesRecord;
  };
  const option = config.rules['no-restricted-syntax'];
  if (!option) throw new Error(`no no-restricted-syntax rule for ${COMPONENT}`);
  rules = { 'no-restricted-syntax': option };
}, 60_000);

/** The messages the component file's no-restricted-syntax rule gives `source`. */
function refusals(source: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      source,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          rules,
        },
      ],
      { filename: COMPONENT },
    )
    .map((message) => message.message);
}

describe('server state stays in api.ts and hooks/ (eslint.config.js) in a component', () => {
  it.each([
    [
      'a plain inline mutation',
      `import { useMutation } from '@tanstack/react-query';\nuseMutation({ mutationFn: save });`,
    ],
    [
      'a mutation through a namespace import',
      `import * as RQ from '@tanstack/react-query';\nRQ.useMutation({ mutationFn: save });`,
    ],
    [
      'a mutation imported under another name',
      `import { useMutation as useWrite } from '@tanstack/react-query';\nuseWrite({ mutationFn: save });`,
    ],
    ['a mutation through any object', `query.useMutation({ mutationFn: save });`],
    ['a literal key', `useQuery({ queryKey: ['trades'], queryFn: load });`],
    [
      'a key held in a variable',
      `const key = ['trades'];\nuseQuery({ queryKey: key, queryFn: load });`,
    ],
    ['a key in shorthand', `const queryKey = ['trades'];\nuseQuery({ queryKey, queryFn: load });`],
    [
      'a key written as a constant array',
      `useQuery({ queryKey: ['trades'] as const, queryFn: load });`,
    ],
    ['React Query loaded by a dynamic import', `void import('@tanstack/react-query');`],
  ])('refuses %s', (_name, source) => {
    expect(refusals(source)).not.toEqual([]);
  });

  it('lets the features’ own forms pass', () => {
    expect(
      refusals(
        `import { useQuery, useQueryClient } from '@tanstack/react-query';\n` +
          `import { tradeKeys, useCloseTrade, tradesQuery } from '../api';\n` +
          `useQuery({ queryKey: tradeKeys.current(1), queryFn: load });\n` +
          `useQuery(tradesQuery);\n` +
          `useQueryClient().invalidateQueries({ queryKey: tradeKeys.all });\n` +
          `useCloseTrade().mutate(1);\n`,
      ),
    ).toEqual([]);
  });

  it('keeps the rule against a date format of its own (a later block once dropped it)', () => {
    expect(refusals(`new Intl.DateTimeFormat('en-US').format(now);`)).not.toEqual([]);
  });
});
