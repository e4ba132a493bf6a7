import { describe, expect, it } from 'vitest';
import { STATEMENT_MESSAGES } from './statements.messages';
import { dateTimeUtc, period } from './pdf-writer';

describe("a statement's dates", () => {
  it('are written in the language of its texts', () => {
    const at = new Date('2025-06-15T09:30:00Z');
    expect(period('2025-06-05', '2025-06-15', STATEMENT_MESSAGES.en.language)).toBe(
      '06/05/2025 – 06/15/2025',
    );
    expect(period('2025-06-05', '2025-06-15', STATEMENT_MESSAGES.de.language)).toBe(
      '05.06.2025 – 15.06.2025',
    );
    expect(period('2025-06-05', '2025-06-15', STATEMENT_MESSAGES.es.language)).toBe(
      '05/06/2025 – 15/06/2025',
    );
    expect(dateTimeUtc(at, STATEMENT_MESSAGES.de.language)).toBe('15.06.2025 09:30 UTC');
  });
});
