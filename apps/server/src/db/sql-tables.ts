/**
 * The tables a PostgreSQL text writes and reads, found by tokens, not by matching the raw text:
 * comments, string literals (also E'' and dollar-quoted) and quoted identifiers are read as what
 * they are, names may be schema-qualified (`public.trades`) or quoted (`"strategies"`), keywords
 * in any case. Several statements in one text (the simple protocol) are read one by one; writes
 * inside a CTE count (`WITH moved AS (UPDATE trades ...) SELECT ...`). DDL (CREATE, ALTER, DROP,
 * ...) is reported as such and its table names are not read. Used by the server test suite to
 * check table ownership on the statements actually executed (docs/architecture.md).
 */
export interface SqlTables {
  /** Tables written: INSERT INTO, UPDATE, DELETE FROM, MERGE INTO, TRUNCATE, COPY ... FROM. */
  writes: string[];
  /** Tables read: FROM, JOIN, USING, and MERGE's USING. */
  reads: string[];
  /** Functions called (lower case), e.g. a PL/pgSQL function that writes. */
  functions: string[];
  /** A statement of the text is DDL (a migration's). */
  ddl: boolean;
}

type Token =
  | { kind: 'word'; value: string } // unquoted, lower-cased
  | { kind: 'ident'; value: string } // "quoted", exact
  | { kind: 'punct'; value: string }
  | { kind: 'literal' };

const DDL = new Set(['create', 'alter', 'drop', 'comment', 'grant', 'revoke', 'do', 'reindex']);
/** Words after which UPDATE is a row lock or a conflict action, not a write of a table. */
const NOT_UPDATE_AFTER = new Set(['for', 'key', 'do', 'no']);
/** Words after which FROM is not a table list (IS DISTINCT FROM x, EXTRACT(epoch FROM x)). */
const NOT_TABLE_FROM_AFTER = new Set(['distinct', 'epoch', 'year', 'month', 'day', 'hour']);
const KEYWORDS = new Set([
  'select', 'where', 'set', 'values', 'returning', 'on', 'as', 'only', 'lateral', 'join',
  'inner', 'left', 'right', 'full', 'cross', 'natural', 'outer', 'group', 'order', 'limit',
  'offset', 'having', 'union', 'except', 'intersect', 'for', 'using', 'when', 'then', 'window',
  'default', 'and', 'or', 'not', 'in', 'exists', 'case', 'with', 'recursive', 'from', 'into',
]); // prettier-ignore

export function sqlTables(text: string): SqlTables {
  const writes = new Set<string>();
  const reads = new Set<string>();
  const functions = new Set<string>();
  let ddl = false;
  for (const statement of statementsOf(tokenize(text))) {
    const first = statement[0];
    if (first?.kind === 'word' && DDL.has(first.value)) {
      ddl = true;
      continue;
    }
    readStatement(statement, writes, reads, functions);
  }
  return { writes: [...writes], reads: [...reads], functions: [...functions], ddl };
}

function readStatement(
  tokens: Token[],
  writes: Set<string>,
  reads: Set<string>,
  functions: Set<string>,
): void {
  const word = (i: number) => {
    const token = tokens[i];
    return token?.kind === 'word' ? token.value : undefined;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (token?.kind !== 'word') continue;
    const next = tokens[i + 1];
    if (next?.kind === 'punct' && next.value === '(' && !KEYWORDS.has(token.value)) {
      functions.add(token.value);
      continue;
    }
    switch (token.value) {
      case 'insert':
        if (word(i + 1) === 'into') addName(tokens, i + 2, writes, true);
        break;
      case 'update':
        if (!NOT_UPDATE_AFTER.has(word(i - 1) ?? ''))
          addName(tokens, skipOnly(tokens, i + 1), writes);
        break;
      case 'delete':
        if (word(i + 1) === 'from') addName(tokens, skipOnly(tokens, i + 2), writes);
        break;
      case 'merge':
        if (word(i + 1) === 'into') addName(tokens, skipOnly(tokens, i + 2), writes);
        break;
      case 'truncate': {
        let at = i + 1;
        if (word(at) === 'table') at += 1;
        addNameList(tokens, skipOnly(tokens, at), writes);
        break;
      }
      case 'copy':
        if (tokens.slice(i + 1).some((t) => t.kind === 'word' && t.value === 'from')) {
          addName(tokens, i + 1, writes, true);
        }
        break;
      case 'from':
        if (word(i - 1) === 'delete' || NOT_TABLE_FROM_AFTER.has(word(i - 1) ?? '')) break;
        addNameList(tokens, skipOnly(tokens, i + 1), reads);
        break;
      case 'join':
      case 'using':
        addName(tokens, skipOnly(tokens, i + 1), reads);
        break;
    }
  }
}

function skipOnly(tokens: Token[], at: number): number {
  const token = tokens[at];
  return token?.kind === 'word' && token.value === 'only' ? at + 1 : at;
}

/** The (possibly schema-qualified) name at `at`, and the index after it. */
function nameAt(
  tokens: Token[],
  at: number,
  columnsMayFollow: boolean,
): { name: string; end: number } | undefined {
  const part = (i: number) => {
    const token = tokens[i];
    if (token?.kind === 'ident') return token.value;
    if (token?.kind === 'word' && !KEYWORDS.has(token.value)) return token.value;
    return undefined;
  };
  const first = part(at);
  if (first === undefined) return undefined;
  const dot = tokens[at + 1];
  if (dot?.kind === 'punct' && dot.value === '.') {
    const second = part(at + 2);
    if (second === undefined) return undefined;
    // public.x is x; another schema's table is named with its schema (no table of ours).
    return { name: first === 'public' ? second : `${first}.${second}`, end: at + 3 };
  }
  // A function in FROM (generate_series(...), unnest(...)) is no table; after INSERT INTO a
  // table, `(` opens its column list.
  const after = tokens[at + 1];
  if (!columnsMayFollow && after?.kind === 'punct' && after.value === '(') return undefined;
  return { name: first, end: at + 1 };
}

function addName(
  tokens: Token[],
  at: number,
  into: Set<string>,
  columnsMayFollow = false,
): number | undefined {
  const found = nameAt(tokens, at, columnsMayFollow);
  if (!found) return undefined;
  into.add(found.name);
  return found.end;
}

/** `a [AS] x, b y, c`: the names of a comma-separated list (FROM, TRUNCATE). */
function addNameList(tokens: Token[], at: number, into: Set<string>): void {
  let i: number | undefined = at;
  while (i !== undefined) {
    const end = addName(tokens, i, into);
    if (end === undefined) return;
    i = end;
    if (tokens[i]?.kind === 'word' && (tokens[i] as { value: string }).value === 'as') i += 1;
    const alias = tokens[i];
    if (
      alias &&
      (alias.kind === 'ident' || (alias.kind === 'word' && !KEYWORDS.has(alias.value)))
    ) {
      i += 1;
    }
    const comma = tokens[i];
    i = comma?.kind === 'punct' && comma.value === ',' ? i + 1 : undefined;
  }
}

/** Splits on `;` (outside literals, which the tokenizer already folded). */
function statementsOf(tokens: Token[]): Token[][] {
  const statements: Token[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'punct' && token.value === ';') statements.push([]);
    else statements[statements.length - 1]?.push(token);
  }
  return statements.filter((statement) => statement.length > 0);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] ?? '';
    const d = text[i + 1] ?? '';
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && d === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && d === '*') {
      i = afterBlockComment(text, i);
    } else if (c === "'" || ((c === 'e' || c === 'E') && d === "'")) {
      i = afterStringLiteral(text, i);
      tokens.push({ kind: 'literal' });
    } else if (c === '"') {
      const quoted = quotedIdentifier(text, i);
      tokens.push({ kind: 'ident', value: quoted.value });
      i = quoted.end;
    } else if (c === '$') {
      // A dollar-quoted literal ($$...$$, $tag$...$tag$) or a parameter ($1).
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
      } else {
        i += 1;
        while (i < n && /[0-9]/.test(text[i] ?? '')) i += 1;
      }
      tokens.push({ kind: 'literal' });
    } else if (/[A-Za-z_]/.test(c)) {
      let end = i + 1;
      while (end < n && /[A-Za-z0-9_$]/.test(text[end] ?? '')) end += 1;
      tokens.push({ kind: 'word', value: text.slice(i, end).toLowerCase() });
      i = end;
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[0-9.eE]/.test(text[i] ?? '')) i += 1;
      tokens.push({ kind: 'literal' });
    } else {
      tokens.push({ kind: 'punct', value: c });
      i += 1;
    }
  }
  return tokens;
}

/** The index after the block comment opening at `at` (they nest in PostgreSQL). */
function afterBlockComment(text: string, at: number): number {
  let depth = 1;
  let i = at + 2;
  while (i < text.length && depth > 0) {
    if (text.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
    } else i += 1;
  }
  return i;
}

/** The index after the string literal opening at `at` ('...' with '' inside, or E'...' with \\). */
function afterStringLiteral(text: string, at: number): number {
  const escapes = text[at] !== "'";
  let i = at + (escapes ? 2 : 1);
  while (i < text.length) {
    const ch = text[i];
    if (escapes && ch === '\\') i += 2;
    else if (ch === "'" && text[i + 1] === "'") i += 2;
    else if (ch === "'") return i + 1;
    else i += 1;
  }
  return i;
}

/** The "quoted identifier" opening at `at` ("" inside is one "), and the index after it. */
function quotedIdentifier(text: string, at: number): { value: string; end: number } {
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    if (text[i] === '"' && text[i + 1] === '"') {
      value += '"';
      i += 2;
    } else if (text[i] === '"') {
      return { value, end: i + 1 };
    } else {
      value += text[i];
      i += 1;
    }
  }
  return { value, end: i };
}
