import type { Readable } from 'node:stream';
import { formatDate } from '@app/shared/format';
import { formatUsd } from '@app/shared/money';
import { typeOf, type StatementLine } from './domain/statement';
import { writeAccountHeading, writeFiguresSummary } from './pdf-front';
import { PdfWriter, period, type Column } from './pdf-writer';
import { describeMovement, type StatementMessages } from './statements.messages';
import type { OpenStatement } from './statements.service';

/**
 * The account statement as a PDF, written page by page as the rows are read: title, account,
 * period, summary, staff adjustments with their reasons, the risk warning, then every movement
 * with its running balance between the opening and closing balance.
 */

type Key = 'date' | 'transaction' | 'type' | 'details' | 'amount' | 'balance';
const COLUMNS: readonly Column<Key>[] = [
  { key: 'date', width: 58, align: 'left' },
  { key: 'transaction', width: 66, align: 'left' },
  { key: 'type', width: 72, align: 'left' },
  { key: 'details', width: 153, align: 'left' },
  { key: 'amount', width: 72, align: 'right' },
  { key: 'balance', width: 78, align: 'right' },
];

const blankRow = (): Record<Key, string> => ({
  date: '',
  transaction: '',
  type: '',
  details: '',
  amount: '',
  balance: '',
});

function writeFront(pdf: PdfWriter<Key>, statement: OpenStatement, m: StatementMessages) {
  const { header } = statement;
  writeAccountHeading(pdf, m, {
    brand: header.brand,
    title: m.title,
    holder: header.holder,
    period: period(header.range.from, header.range.to, m.language),
    generatedAt: header.generatedAt,
    language: m.language,
  });
  writeFiguresSummary(pdf, m, header, { heldAtClose: true });

  if (header.adjustments.length > 0) {
    pdf.heading(m.staffAdjustments);
    for (const adjustment of header.adjustments) {
      pdf.labelValue(
        `${formatDate(adjustment.at, m.language)}  ${adjustment.transactionId ?? ''}  ${describeMovement(adjustment, m)}`,
        formatUsd(adjustment.amount),
      );
    }
    if (header.moreAdjustments) pdf.paragraph(m.moreAdjustments(header.adjustments.length));
  }

  pdf.heading(m.riskTitle);
  pdf.paragraph(m.riskWarning, 9);

  pdf.heading(m.movements);
  pdf.tableHeader();
  pdf.row(
    {
      ...blankRow(),
      date: formatDate(`${header.range.from}T00:00:00Z`, m.language),
      details: m.openingBalance,
      balance: formatUsd(header.opening),
    },
    true,
  );
}

/** A movement's cells in the table, in the statement's language. */
export function movementCells(line: StatementLine, m: StatementMessages): Record<Key, string> {
  const description = describeMovement(line, m);
  return {
    date: formatDate(line.at, m.language),
    transaction: line.transactionId ?? '',
    type: m.types[typeOf(line)],
    details: line.fee === 0n ? description : `${description} (${m.feeOf(formatUsd(line.fee))})`,
    amount: formatUsd(line.amount),
    balance: formatUsd(line.balance),
  };
}

function writeLines(pdf: PdfWriter<Key>, lines: StatementLine[], m: StatementMessages) {
  for (const line of lines) pdf.row(movementCells(line, m));
}

/** The PDF as a stream; the lines are read from the database as the client takes the pages. */
export function statementPdf(statement: OpenStatement, m: StatementMessages): Readable {
  const { header } = statement;
  const pdf = new PdfWriter<Key>({
    title: `${header.brand} ${m.title} ${header.range.from} – ${header.range.to}`,
    author: header.brand,
    createdAt: header.generatedAt,
    footer: `${header.brand} · ${m.title} · ${header.holder.name} · ${period(header.range.from, header.range.to, m.language)}`,
    page: m.page,
    columns: COLUMNS,
    columnTitles: m.columns,
  });
  return pdf.stream(async () => {
    writeFront(pdf, statement, m);
    let movements = 0;
    for await (const lines of statement.lines()) {
      if (pdf.out.destroyed) return;
      writeLines(pdf, lines, m);
      movements += lines.length;
      await pdf.drained();
    }
    if (movements === 0) pdf.row({ ...blankRow(), details: m.noMovements });
    pdf.row(
      {
        ...blankRow(),
        date: formatDate(`${header.range.to}T00:00:00Z`, m.language),
        details: m.closingBalance,
        balance: formatUsd(header.closing),
      },
      true,
    );
    pdf.space(1);
    pdf.paragraph(m.end);
    pdf.end();
  });
}
