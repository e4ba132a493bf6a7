import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow, neutraliseFormula, parseCsv, plainAmount } from './csv';

describe('CSV cells', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [-15_000n, '-150.00'],
    [123_456_789n, '1234567.89'],
    [-1n, '-0.01'],
  ])('%s cents is %s', (cents, text) => {
    expect(plainAmount(cents)).toBe(text);
  });

  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Deposit', 'Deposit'],
    ['', ''],
  ])('text %j is written as %j', (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it('quotes commas, quotes and line breaks; amounts stay bare numbers, even negative', () => {
    const row = csvRow([
      { text: 'a,b' },
      { text: 'say "hi"' },
      { text: 'two\nlines' },
      { cents: -15_000n },
      null,
      { text: '=1+2' },
    ]);
    expect(row).toBe('"a,b","say ""hi""","two\nlines",-150.00,,\'=1+2\r\n');
  });

  it('writes a plain decimal as a bare number, and refuses anything else as one', () => {
    expect(csvRow([{ decimal: '-40.00' }, { decimal: '8.5' }])).toBe('-40.00,8.5\r\n');
    expect(() => csvRow([{ decimal: '=1+1' }])).toThrow();
  });

  it('parses back what it writes', () => {
    const text =
      csvHeader(['date', 'description', 'amount']) +
      csvRow([{ text: '2026-10-01' }, { text: 'x, "y"\r\nz' }, { cents: 12_345n }]) +
      csvRow([{ text: '2026-10-02' }, { text: '-oops' }, { cents: -1n }]);
    expect(parseCsv(text)).toEqual([
      ['date', 'description', 'amount'],
      ['2026-10-01', 'x, "y"\r\nz', '123.45'],
      ['2026-10-02', "'-oops", '-0.01'],
    ]);
  });
});
