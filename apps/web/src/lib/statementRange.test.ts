import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';
import { checkStatementRange } from './statementRange';

describe('the statement range', () => {
  it.each([
    ['', '2026-10-31', { field: 'from', key: 'required' }],
    ['2026-10-01', '', { field: 'to', key: 'required' }],
    ['2026-11-26', '2026-11-26', { field: 'from', key: 'future' }],
    ['2026-11-01', '2026-11-26', { field: 'to', key: 'future' }],
    ['2026-10-31', '2026-10-01', { field: 'to', key: 'reversed' }],
    ['2020-01-01', '2026-11-25', { field: 'to', key: 'tooLong' }],
    ['2026-10-01', '2026-10-31', null],
    ['2026-11-25', '2026-11-25', null],
  ])('%s to %s: %j', (from, to, expected) => {
    expect(checkStatementRange(from, to, '2026-11-25')).toEqual(expected);
  });

  it('takes the file name from Content-Disposition', () => {
    expect(
      fileNameOf('attachment; filename="nestrado-statement-2026-10-01-to-2026-10-31.pdf"', 'x'),
    ).toBe('nestrado-statement-2026-10-01-to-2026-10-31.pdf');
    expect(fileNameOf(null, 'statement.csv')).toBe('statement.csv');
  });
});
