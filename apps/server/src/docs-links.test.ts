import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own documentation (README.md and docs/*.md) must only point at files that are
 * in the repository: a link, or a document named in code (`docs/deploy.md`), that resolves to a
 * missing file, to a heading that does not exist, or outside the repository (the README once
 * pointed at `../shared/PRODUCT.md`) fails here.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

interface Reference {
  /** How the document refers to it: a link, or a document named in a code span. */
  kind: 'link' | 'named';
  target: string;
}

interface Repository {
  /** Whether a file or folder exists at this repository-relative POSIX path. */
  exists(repoPath: string): boolean;
  /** The text of a file at this repository-relative POSIX path. */
  read(repoPath: string): string;
}

/** Markdown without its fenced code blocks (their brackets and backticks are not references). */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
}

function references(markdown: string): Reference[] {
  const text = withoutCodeBlocks(markdown);
  const found: Reference[] = [];
  // [text](target "title") and ![alt](target); the text may hold `code` and escaped brackets.
  for (const match of text.matchAll(
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  ))
    found.push({ kind: 'link', target: match[1] ?? '' });
  // [label]: target
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm))
    found.push({ kind: 'link', target: match[1] ?? '' });
  // `some/document.md`
  for (const match of text.matchAll(/`([^`\s]+\.md)`/g))
    found.push({ kind: 'named', target: match[1] ?? '' });
  return found;
}

/** GitHub's anchors for a document's headings ("## Known gaps" → "known-gaps", repeats → "-1"). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Repository-relative path, or null when it climbs out of the repository. */
function inRepository(from: string, target: string): string | null {
  const joined = path.posix.normalize(path.posix.join(from, target));
  return joined === '..' || joined.startsWith('../') ? null : joined.replace(/\/$/, '') || '.';
}

/** What is wrong with each reference of the document at `file` (repository-relative). */
function problemsOf(file: string, markdown: string, repo: Repository): string[] {
  const problems: string[] = [];
  const dir = path.posix.dirname(file);
  for (const { kind, target } of references(markdown)) {
    // Web addresses and e-mail are not files of the repository.
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue;
    const [rawPath = '', anchor] = target.split('#', 2);
    const filePath = decodeURIComponent(rawPath);
    if (kind === 'named') {
      // A document named in prose may be written from its folder or from the repository root.
      const candidates = [inRepository(dir, filePath), inRepository('.', filePath)];
      if (candidates.every((c) => c === null)) problems.push(`${target}: outside the repository`);
      else if (!candidates.some((c) => c !== null && repo.exists(c)))
        problems.push(`${target}: no such file`);
      continue;
    }
    const resolved =
      filePath === ''
        ? file
        : filePath.startsWith('/')
          ? inRepository('.', filePath.slice(1))
          : inRepository(dir, filePath);
    if (resolved === null) {
      problems.push(`${target}: outside the repository`);
      continue;
    }
    if (!repo.exists(resolved)) {
      problems.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md')) {
      if (!anchorsOf(repo.read(resolved)).has(anchor.toLowerCase()))
        problems.push(`${target}: no heading #${anchor}`);
    }
  }
  return problems;
}

function fakeRepository(files: Record<string, string>): Repository {
  const paths = Object.keys(files);
  return {
    exists: (p) => p in files || paths.some((f) => f.startsWith(`${p}/`)),
    read: (p) => files[p] ?? '',
  };
}

const realRepository: Repository = {
  exists: (p) => fs.existsSync(path.join(REPO_ROOT, p)),
  read: (p) => fs.readFileSync(path.join(REPO_ROOT, p), 'utf8'),
};

const documentation = [
  'README.md',
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('documentation links', () => {
  const repo = fakeRepository({
    'README.md': '# Nestrado\n',
    'docs/product.md': '# The product\n\n## Known gaps\n\n## Known gaps\n',
    'docs/deploy.md': '# Deploying\n\n## Health checks and `/metrics`\n',
    'bench/RESULTS.md': '',
    'apps/server/src/main.ts': '',
  });

  it('reports the README sentence that pointed outside the repository', () => {
    const old =
      'See\n`../shared/PRODUCT.md` for the product definition, `docs/security.md` for the security checklist.';
    expect(problemsOf('README.md', old, repo)).toEqual([
      '../shared/PRODUCT.md: outside the repository',
      'docs/security.md: no such file',
    ]);
    expect(problemsOf('README.md', 'Read [it](../shared/PRODUCT.md).', repo)).toEqual([
      '../shared/PRODUCT.md: outside the repository',
    ]);
  });

  it('resolves links from the document’s own folder, and named documents from it or the root', () => {
    const text = [
      '[product](product.md), [root](../README.md), [code](../apps/server/src/main.ts),',
      '![chart](img/nav.png), [apps](../apps/server), [wrong folder](docs/deploy.md),',
      '`bench/RESULTS.md`, `deploy.md`, `missing.md`.',
      '',
      '[ref]: ../apps/server/src/gone.ts',
    ].join('\n');
    expect(problemsOf('docs/product.md', text, repo)).toEqual([
      'img/nav.png: no such file',
      'docs/deploy.md: no such file',
      '../apps/server/src/gone.ts: no such file',
      'missing.md: no such file',
    ]);
  });

  it('checks headings behind #anchors, the way GitHub names them', () => {
    const text =
      '[a](#known-gaps) [b](#known-gaps-1) [c](#known-gaps-2) [d](deploy.md#health-checks-and-metrics) [e](deploy.md#backups)';
    expect(problemsOf('docs/product.md', text, repo)).toEqual([
      '#known-gaps-2: no heading #known-gaps-2',
      'deploy.md#backups: no heading #backups',
    ]);
  });

  it('ignores web addresses, e-mail and code blocks', () => {
    const text = [
      '[site](https://example.com/x.md) [mail](mailto:a@example.com)',
      '```sh',
      'cat ../shared/PRODUCT.md # [not](a-link.md) `nor.md`',
      '```',
    ].join('\n');
    expect(problemsOf('README.md', text, repo)).toEqual([]);
  });

  it.each(documentation)('%s points only at files of the repository', (file) => {
    expect(problemsOf(file, realRepository.read(file), realRepository)).toEqual([]);
  });

  it('finds the documentation, and the README links the product page, not ../shared/', () => {
    expect(documentation).toEqual(expect.arrayContaining(['README.md', 'docs/product.md']));
    const readme = realRepository.read('README.md');
    expect(references(readme)).toContainEqual({ kind: 'link', target: 'docs/product.md' });
    expect(readme).not.toContain('../shared/');
  });
});
