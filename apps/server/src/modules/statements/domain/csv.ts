/**
 * CSV as RFC 4180 says (comma-separated, CRLF line ends, a field with a comma, quote, CR or LF
 * in double quotes with inner quotes doubled), made safe to open in a spreadsheet: a text cell
 * that a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe. Amounts are written as plain numbers (`-150.00`) and never prefixed, so they stay
 * numbers.
 */

/**
 * A cell: text (neutralised), an amount in cents (a plain number with two decimals), or a number
 * already written as plain decimal text ("-40.00"), which stays a number.
 */
export type CsvCell = { text: string } | { cents: bigint } | { decimal: string } | null;

const DECIMAL = /^-?\d+(\.\d+)?$/;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would not evaluate: a leading apostrophe before a formula trigger. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** "-150.00" from -15000n: no grouping, no currency sign, always two decimals. */
export function plainAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if ('cents' in cell) return plainAmount(cell.cents);
  if ('decimal' in cell) {
    if (!DECIMAL.test(cell.decimal)) throw new Error(`not a plain number: ${cell.decimal}`);
    return cell.decimal;
  }
  return quoted(neutraliseFormula(cell.text));
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A header record (plain names, not neutralised: they are ours). */
export function csvHeader(names: readonly string[]): string {
  return `${names.map(quoted).join(',')}\r\n`;
}

/**
 * Parses RFC 4180 text back into records (for tests and tools; quoted fields may hold commas,
 * quotes and line breaks).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
