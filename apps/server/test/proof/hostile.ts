import fc from 'fast-check';

/**
 * Hostile inputs for the fuzzer: what a script, a confused client or an attacker sends instead of
 * what the form would. Everything here is plain JSON-able data; raw (non-JSON) bodies are built in
 * fuzz.test.ts.
 */

/** Numbers written as text: signs, exponents, separators, other digit systems, too many places. */
export const NUMERIC_TEXT = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '-10.00',
  '0.001',
  '10.999',
  '1e3',
  '1E2',
  '1e309',
  '1e-7',
  '-1e-7',
  '.5',
  '5.',
  '+5',
  '0x1A',
  '0b11',
  '1_000',
  '1,000',
  '1 000',
  ' 10 ',
  '10\n',
  '١٢٣',
  '９９',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '9007199254740993',
  '99999999999999999999999999999999.99',
  '92233720368547758.07',
  '92233720368547758.08',
  '-92233720368547758.08',
];

/** Strings aimed at parsers, SQL, HTML, paths and ids. */
export const NASTY_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '_',
  '\\',
  '\\x00',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud83d\ude00\u200d\ud83d\udca9',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000g',
  '00000000000040008000000000000000',
  '{00000000-0000-4000-8000-000000000000}',
  'TNX-',
  'TNX-AAAAAA',
  'TNX-%',
  '__proto__',
  'constructor',
  'prototype',
  'admin@test.local',
  'ADMIN@TEST.LOCAL ',
  'a@b',
  '@',
  'x'.repeat(257),
];

export const HUGE_TEXT = 'ä'.repeat(60_000);

const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constant(HUGE_TEXT) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0.01,
      0.1 + 0.2,
      1e21,
      1e308,
      -1e308,
      5e-324,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      10.999,
      4.5,
      999_999_999_999,
    ),
  },
  { weight: 1, arbitrary: fc.double() }, // NaN and ±Infinity become null in JSON
  { weight: 1, arbitrary: fc.integer() },
);

/** Objects nested `depth` levels deep: {"a":{"a":{...}}}. */
export function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Any hostile JSON value: scalars, wrong containers, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(50), nested(2_000), [[[[[]]]]], [{}], {}) },
);

/** Names an attacker adds hoping the server trusts them. */
export const EXTRA_KEYS = [
  'isAdmin',
  'isTrader',
  'isActive',
  'userId',
  'id',
  'balanceCents',
  'amountCents',
  'price',
  'nav',
  'profitCents',
  'status',
  'role',
  'createdAt',
];

export type Mutation =
  | { kind: 'whole-body'; value: unknown }
  | { kind: 'replace-field'; field: number; value: unknown }
  | { kind: 'drop-field'; field: number }
  | { kind: 'extra-field'; key: string; value: unknown }
  | { kind: 'path'; param: number; value: string }
  | { kind: 'query'; name: string; value: string | string[] };

const anyKey = fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 }));
const pathText = fc.oneof(
  fc.constantFrom(...NASTY_TEXT, ...NUMERIC_TEXT),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.constant('x'.repeat(5_000)),
);
const queryText = fc.oneof(
  fc.constantFrom(...NUMERIC_TEXT, ...NASTY_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(5_000)),
);

/** The mutations that make sense for an operation with these inputs. */
export function mutations(shape: {
  hasBody: boolean;
  fields: number;
  pathParams: number;
  queryNames: string[];
}): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  if (shape.hasBody) {
    options.push(hostileValue.map((value) => ({ kind: 'whole-body' as const, value })));
    options.push(
      fc
        .record({ key: anyKey, value: hostileValue })
        .map(({ key, value }) => ({ kind: 'extra-field' as const, key, value })),
    );
    if (shape.fields > 0) {
      const field = fc.nat({ max: shape.fields - 1 });
      options.push(
        fc.record({ field, value: hostileValue }).map((m) => ({ kind: 'replace-field', ...m })),
        fc.record({ field, value: hostileValue }).map((m) => ({ kind: 'replace-field', ...m })),
        field.map((f) => ({ kind: 'drop-field' as const, field: f })),
      );
    }
  }
  if (shape.pathParams > 0) {
    const param = fc.nat({ max: shape.pathParams - 1 });
    options.push(
      fc.record({ param, value: pathText }).map((m) => ({ kind: 'path' as const, ...m })),
      fc.record({ param, value: pathText }).map((m) => ({ kind: 'path' as const, ...m })),
    );
  }
  {
    // Every operation also gets unexpected and malformed query parameters.
    const name = fc.oneof(
      ...(shape.queryNames.length > 0 ? [fc.constantFrom(...shape.queryNames)] : []),
      fc.constantFrom('__proto__', 'constructor[prototype][isAdmin]', 'userId', 'limit'),
    );
    options.push(
      fc
        .record({
          name,
          value: fc.oneof(
            { weight: 4, arbitrary: queryText },
            { weight: 1, arbitrary: fc.array(queryText, { minLength: 2, maxLength: 3 }) },
          ),
        })
        .map((m) => ({ kind: 'query' as const, ...m })),
    );
  }
  return fc.oneof(...options);
}
