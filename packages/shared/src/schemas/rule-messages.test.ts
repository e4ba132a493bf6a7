import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishMessage, readRule } from '../rules';

/**
 * Every length and range rule of every schema answers with a message naming that rule. A rule
 * without its own message takes the field's type message in zod ("Phone number is required" for an
 * over-long phone number) or zod's untranslated English: both are refused here.
 */
const modules: Record<string, Record<string, unknown>> = {};
beforeAll(async () => {
  const files = readdirSync(import.meta.dirname).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
  for (const name of files) {
    modules[`./${name}`] = (await import(`./${name}`)) as Record<string, unknown>;
  }
});

type Field = { path: string; schema: z.ZodType };

/** The schema under optional / default / nullable / pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType[] {
  const def = schema._zod.def as {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
    options?: z.ZodType[];
  };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return [...unwrap(def.in), ...unwrap(def.out)];
  if (def.type === 'union' && def.options) return def.options.flatMap(unwrap);
  return [schema];
}

function fieldsOf(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): Field[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const fields: Field[] = [];
  for (const inner of unwrap(schema)) {
    if (inner instanceof z.ZodObject) {
      const shape: Record<string, z.ZodType> = inner.shape;
      for (const [key, child] of Object.entries(shape)) {
        fields.push(...fieldsOf(child, `${path}.${key}`, seen));
      }
    } else if (inner instanceof z.ZodArray) {
      fields.push(...fieldsOf(inner.element as z.ZodType, `${path}[]`, seen));
    } else {
      fields.push({ path, schema: inner });
    }
  }
  return fields;
}

/** Values that break exactly one rule of `schema`, each with the rule's name. */
function breakers(schema: z.ZodType): { rule: string; value: unknown }[] {
  const cases: { rule: string; value: unknown }[] = [];
  if (schema instanceof z.ZodString) {
    if (schema.maxLength !== null) {
      cases.push({ rule: `max ${schema.maxLength}`, value: 'a'.repeat(schema.maxLength + 1) });
    }
  }
  if (schema instanceof z.ZodNumber) {
    if (schema.maxValue !== null && Number.isFinite(schema.maxValue) && schema.maxValue < 1e15) {
      cases.push({ rule: `max ${schema.maxValue}`, value: schema.maxValue + 1 });
    }
    if (schema.minValue !== null && Number.isFinite(schema.minValue) && schema.minValue > -1e15) {
      cases.push({ rule: `min ${schema.minValue}`, value: schema.minValue - 1 });
    }
  }
  return cases;
}

const WRONG = [/is required/i, /^Too (big|small)/, /^Invalid input/, /^Please (choose|select)/];

/** The seed's own words: a bank withdrawal amount that is not a number says 'Amount is required'. */
const SEED_WORDING = [/^\.\/money\.ts:(bankWithdrawalSchema|createWithdrawalSchema)\.amount /];

describe('rule messages', () => {
  const fieldsOfAll = () =>
    Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => value instanceof z.ZodType)
        .flatMap(([name, value]) => fieldsOf(value as z.ZodType, `${file}:${name}`)),
    );

  it('finds the schemas and their rules', () => {
    const fields = fieldsOfAll();
    expect(fields.length).toBeGreaterThan(100);
    expect(fields.flatMap((f) => breakers(f.schema)).length).toBeGreaterThan(40);
  });

  it('name the broken rule, never "required" or zod’s own English', () => {
    const wrong: string[] = [];
    for (const { path, schema } of fieldsOfAll()) {
      for (const { rule, value } of breakers(schema)) {
        const result = schema.safeParse(value);
        if (result.success) continue; // a transform or a wider union branch accepted it
        const message = result.error.issues[0]?.message ?? '';
        const where = `${path} (${rule})`;
        // A message is a rule of the shared vocabulary, never a sentence or zod's own English.
        if (!readRule(message)) {
          wrong.push(`${where}: ${message} (not a rule code)`);
          continue;
        }
        if (SEED_WORDING.some((pattern) => pattern.test(`${where} `))) continue;
        const english = englishMessage(message);
        if (WRONG.some((pattern) => pattern.test(english))) wrong.push(`${where}: ${english}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
