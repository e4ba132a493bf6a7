import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One minus sign across the app (issue 39: "mixed minus signs"): figures are signed by the
 * formatters (formatUsd, formatSignedUsd, the decimal and percent formatters), which write ASCII
 * "-". A typographic minus typed beside a figure in a component or a text would bring the mix back.
 */
const SRC = path.dirname(import.meta.dirname);
const TYPOGRAPHIC_MINUS = '\u2212';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|json)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The file without its comments, so a comment may still name the sign it avoids. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('signed figures', () => {
  it('no component or text of the web app types a typographic minus beside a figure', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => codeOf(readFileSync(file, 'utf8')).includes(TYPOGRAPHIC_MINUS))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
