import { describe, expect, it } from 'vitest';

/**
 * A parameter a person typed (a rejection reason, a note) often ends with its own full stop, so a
 * text that puts one after it reads "Blurry photo.." (issue 39). Such a parameter ends its
 * sentence: the text says the rest first ("Upload the document again. Reason: {{reason}}").
 */
const FREE_TEXT = ['reason', 'note', 'message', 'comment'];

type Messages = { [key: string]: string | Messages };
const files = import.meta.glob<Messages>('../features/*/locales/**/*.json', {
  eager: true,
  import: 'default',
});

function* texts(messages: Messages, path: string): Generator<[string, string]> {
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') yield [`${path}.${key}`, value];
    else yield* texts(value, `${path}.${key}`);
  }
}

describe('texts with a parameter a person typed', () => {
  it('never follow it with punctuation of their own, in any language', () => {
    const after = new RegExp(`\\{\\{(${FREE_TEXT.join('|')})\\}\\}\\s*[.!?;:]`);
    const offending: string[] = [];
    for (const [file, messages] of Object.entries(files)) {
      for (const [key, text] of texts(messages, file)) {
        if (after.test(text)) offending.push(`${key}: ${text}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
