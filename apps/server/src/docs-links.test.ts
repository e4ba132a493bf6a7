import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A person who clones the repository has only the repository: every link in the README and in
 * docs/ must lead to a file inside it (the README once sent readers to ../shared/PRODUCT.md).
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...docs];
}

/** Markdown links `[text](target)` and code spans naming a .md path, e.g. `docs/security.md`. */
function referencedPaths(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
  const spans = [...text.matchAll(/`([^`\s]+\.md)`/g)].map((m) => m[1] ?? '');
  return [...links, ...spans].filter((target) => !/^(https?:|mailto:|#)/.test(target));
}

describe('documentation links', () => {
  it('point only at files inside the repository', () => {
    const broken: string[] = [];
    for (const document of documents()) {
      const text = fs.readFileSync(path.join(REPO_ROOT, document), 'utf8');
      for (const target of referencedPaths(text)) {
        const file = target.split('#')[0] ?? '';
        // A code span is written from the repository root; a link from the document's folder.
        const candidates = [
          path.resolve(REPO_ROOT, path.dirname(document), file),
          path.resolve(REPO_ROOT, file),
        ];
        const inside = candidates.filter((c) => c.startsWith(REPO_ROOT + path.sep));
        if (!inside.some((c) => fs.existsSync(c))) broken.push(`${document}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README links the product page', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/product.md)');
    expect(readme).not.toContain('../shared/');
  });
});
