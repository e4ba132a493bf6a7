import { describe, expect, it } from 'vitest';
import { jsonDocument } from './json-document';

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

async function* pagesOf<T>(pages: T[][], asked: number[] = []): AsyncGenerator<T[]> {
  for (const [i, page] of pages.entries()) {
    asked.push(i);
    yield await Promise.resolve(page);
  }
}

describe('jsonDocument', () => {
  it('writes the same text as JSON.stringify of the whole object, keys in order', async () => {
    const whole = {
      format: 'personal-data-export/1',
      profile: { name: 'Ada "Countess" Lovelace', note: 'line\nbreak', nothing: null },
      transactions: [{ id: 1 }, { id: 2 }, { id: 3 }],
      empty: [],
      trailingEmptyPage: [{ id: 'x' }],
      preferences: { email: true },
    };
    const written = await text(
      jsonDocument([
        { key: 'format', value: whole.format },
        { key: 'profile', value: whole.profile },
        { key: 'transactions', pages: pagesOf([[{ id: 1 }, { id: 2 }], [{ id: 3 }]]) },
        { key: 'empty', pages: pagesOf([[], []]) },
        { key: 'trailingEmptyPage', pages: pagesOf([[{ id: 'x' }], []]) },
        { key: 'preferences', value: whole.preferences },
      ]),
    );
    expect(written).toBe(JSON.stringify(whole));
    expect(await text(jsonDocument([]))).toBe('{}');
  });

  it('writes a section (an object of parts) inside the document the same way', async () => {
    const whole = {
      format: 'personal-data-export/1',
      practice: { account: { resets: 1 }, transactions: [{ id: 1 }, { id: 2 }], empty: {} },
      after: true,
    };
    const written = await text(
      jsonDocument([
        { key: 'format', value: whole.format },
        {
          key: 'practice',
          parts: [
            { key: 'account', value: whole.practice.account },
            { key: 'transactions', pages: pagesOf([[{ id: 1 }], [], [{ id: 2 }]]) },
            { key: 'empty', parts: [] },
          ],
        },
        { key: 'after', value: true },
      ]),
    );
    expect(written).toBe(JSON.stringify(whole));
  });

  it('asks for a page only once the one before it has been taken', async () => {
    const asked: number[] = [];
    const chunks = jsonDocument([{ key: 'rows', pages: pagesOf([[1], [2], [3]], asked) }]);
    expect((await chunks.next()).value).toBe('{"rows":[');
    expect(asked).toEqual([]);
    expect((await chunks.next()).value).toBe('1');
    expect(asked).toEqual([0]);
    expect((await chunks.next()).value).toBe(',2');
    expect(asked).toEqual([0, 1]);
  });
});
