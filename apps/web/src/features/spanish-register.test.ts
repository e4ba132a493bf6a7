import { tuForms } from '@app/shared/spanish-register';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Spanish in one register, usted (issue 39: the dashboard's "tu operación" among usted, the
 * appropriateness page's "tu primera operación" beside "Elija" and "Su depósito").
 */
const SRC = path.dirname(import.meta.dirname);

function spanishFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return spanishFiles(file);
    return name === 'es.json' ? [file] : [];
  });
}

function texts(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${key}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
  }
  return [];
}

describe('Spanish register', () => {
  it('no Spanish text of the web app uses tú', () => {
    const files = spanishFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(file, 'utf8')))
        .filter(([, text]) => tuForms(text).length > 0)
        .map(
          ([key, text]) =>
            `${path.relative(SRC, file)} ${key}: ${tuForms(text).join(', ')} — ${text}`,
        ),
    );
    expect(offenders).toEqual([]);
  });
});
