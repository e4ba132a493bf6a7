import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatDate } from '@app/shared/format';
import { formatUsd } from '@app/shared/money';
import { STATEMENT_CATEGORIES, type StatementLine } from './domain/statement';
import type { StatementMessages } from './statements.messages';
import type { OpenStatement } from './statements.service';

/**
 * The statement as an A4 PDF (pdfkit, the standard Helvetica fonts: Latin-1 covers en, de, es),
 * written page by page as the rows are read. Every page carries the brand, the account, the
 * period and its page number ("Page 3": a total would need the whole document in memory first).
 */

const MARGIN = 48;
const ROW = 14;
const FOOTER = 28;
/** Output the client has not taken yet before the reader waits (backpressure, bytes). */
const HIGH_WATER = 512 * 1024;

const COLUMNS = [
  { key: 'date', width: 58, align: 'left' },
  { key: 'transaction', width: 66, align: 'left' },
  { key: 'type', width: 72, align: 'left' },
  { key: 'details', width: 153, align: 'left' },
  { key: 'amount', width: 72, align: 'right' },
  { key: 'balance', width: 78, align: 'right' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const dateTimeUtc = (at: Date) => `${formatDate(at)} ${at.toISOString().slice(11, 16)} UTC`;
const period = (from: string, to: string) =>
  `${formatDate(`${from}T00:00:00Z`)} – ${formatDate(`${to}T00:00:00Z`)}`;

class StatementPdf {
  readonly doc: PDFKit.PDFDocument;
  private pageNumber = 0;

  constructor(
    private readonly statement: OpenStatement,
    private readonly m: StatementMessages,
  ) {
    const { header } = statement;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      bufferPages: false,
      info: {
        Title: `${header.brand} ${m.title} ${header.range.from} – ${header.range.to}`,
        Author: header.brand,
        CreationDate: header.generatedAt,
      },
    });
    // pdfkit opens the first page in its constructor, before this listener: number it by hand.
    this.doc.on('pageAdded', () => this.onPage());
    this.onPage();
  }

  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** The running footer of a page: brand, holder and period on the left, the page on the right. */
  private onPage() {
    this.pageNumber += 1;
    const { doc } = this;
    const { header } = this.statement;
    const y = doc.page.height - MARGIN - 10;
    const keep = { x: doc.x, y: doc.y, bottom: doc.page.margins.bottom };
    // Below the bottom margin pdfkit would start a new page (and footer it, and so on).
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555');
    doc.text(
      `${header.brand} · ${this.m.title} · ${header.holder.name} · ${period(header.range.from, header.range.to)}`,
      MARGIN,
      y,
      { width: this.width - 70, lineBreak: false, ellipsis: true },
    );
    doc.text(this.m.page(this.pageNumber), MARGIN, y, {
      width: this.width,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('#000000');
    doc.page.margins.bottom = keep.bottom;
    doc.x = keep.x;
    doc.y = keep.y;
  }

  /** Room for `height` more points on this page, else a new page (with the table header). */
  private ensure(height: number, tableHeader: boolean) {
    if (this.doc.y + height <= this.bottom) return;
    this.doc.addPage();
    if (tableHeader) this.tableHeader();
  }

  private labelValue(label: string, value: string, options: { bold?: boolean } = {}) {
    const { doc } = this;
    this.ensure(ROW, false);
    const y = doc.y;
    const valueWidth = 210;
    const cell = { height: ROW - 2, ellipsis: true };
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    doc.text(label, MARGIN, y, { ...cell, width: this.width - valueWidth - 8 });
    doc.text(value, MARGIN + this.width - valueWidth, y, {
      ...cell,
      width: valueWidth,
      align: 'right',
    });
    doc.y = y + ROW;
  }

  private heading(text: string) {
    this.ensure(ROW * 3, false);
    this.doc.moveDown(0.6);
    this.doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  private paragraph(text: string, size = 8.5) {
    this.doc.font('Helvetica').fontSize(size).text(text, MARGIN, this.doc.y, { width: this.width });
  }

  private row(cells: Record<ColumnKey, string>, bold = false) {
    const { doc } = this;
    this.ensure(ROW, true);
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    for (const column of COLUMNS) {
      // One line per cell: what does not fit ends in an ellipsis (the CSV has the whole text).
      doc.text(cells[column.key], x + 2, y + 3, {
        width: column.width - 4,
        height: ROW - 3,
        align: column.align,
        ellipsis: true,
      });
      x += column.width;
    }
    doc.y = y + ROW;
  }

  private tableHeader() {
    const { doc } = this;
    const { columns } = this.m;
    doc.rect(MARGIN, doc.y, this.width, ROW).fill('#eeeeee').fillColor('#000000');
    this.row(columns, true);
  }

  /** Title, account, period, summary, adjustments and the risk warning. */
  writeFront() {
    const { doc, m } = this;
    const { header } = this.statement;
    doc.font('Helvetica-Bold').fontSize(18).text(header.brand, MARGIN, MARGIN);
    doc.font('Helvetica').fontSize(13).text(m.title);
    doc.moveDown(0.6);
    this.labelValue(m.accountHolder, header.holder.name);
    this.labelValue(m.accountReference, header.holder.reference);
    this.labelValue(m.period, period(header.range.from, header.range.to));
    this.labelValue(m.generatedAt, dateTimeUtc(header.generatedAt));
    doc.moveDown(0.4);
    this.paragraph(m.balanceNote);
    this.paragraph(m.datesNote);

    this.heading(m.summary);
    this.labelValue(m.openingBalance, formatUsd(header.opening), { bold: true });
    for (const category of STATEMENT_CATEGORIES) {
      const total = header.byCategory[category];
      if (category === 'other' && total === 0n) continue;
      this.labelValue(m.categories[category], formatUsd(total));
      if (category === 'withdrawals') {
        this.labelValue(`    ${m.withdrawalFees}`, formatUsd(header.facts.withdrawalFees));
      }
    }
    this.labelValue(m.closingBalance, formatUsd(header.closing), { bold: true });
    this.labelValue(`    ${m.heldAtClose}`, formatUsd(header.facts.heldAtClose));
    doc.moveDown(0.4);
    this.labelValue(m.realisedProfitLoss, formatUsd(header.facts.realisedProfitLoss));
    this.labelValue(m.performanceFeesPaid, formatUsd(header.facts.performanceFeesPaid));

    if (header.adjustments.length > 0) {
      this.heading(m.staffAdjustments);
      for (const adjustment of header.adjustments) {
        this.labelValue(
          `${formatDate(adjustment.at)}  ${adjustment.transactionId ?? ''}  ${adjustment.description}`,
          formatUsd(adjustment.amount),
        );
      }
      if (header.moreAdjustments) this.paragraph(m.moreAdjustments(header.adjustments.length));
    }

    this.heading(m.riskTitle);
    this.paragraph(m.riskWarning, 9);

    this.heading(m.movements);
    this.tableHeader();
    this.row(
      {
        date: formatDate(`${header.range.from}T00:00:00Z`),
        transaction: '',
        type: '',
        details: m.openingBalance,
        amount: '',
        balance: formatUsd(header.opening),
      },
      true,
    );
  }

  writeLines(lines: StatementLine[]) {
    const { m } = this;
    for (const line of lines) {
      this.row({
        date: formatDate(line.at),
        transaction: line.transactionId ?? '',
        type: m.types[line.category],
        details:
          line.fee === 0n
            ? line.description
            : `${line.description} (${m.feeOf(formatUsd(line.fee))})`,
        amount: formatUsd(line.amount),
        balance: formatUsd(line.balance),
      });
    }
  }

  writeEnd(movements: number) {
    const { m } = this;
    const { header } = this.statement;
    if (movements === 0) this.row({ ...blankRow(), details: m.noMovements });
    this.row(
      {
        ...blankRow(),
        date: formatDate(`${header.range.to}T00:00:00Z`),
        details: m.closingBalance,
        balance: formatUsd(header.closing),
      },
      true,
    );
    this.doc.moveDown(1);
    this.paragraph(m.end);
    this.doc.end();
  }
}

const blankRow = (): Record<ColumnKey, string> => ({
  date: '',
  transaction: '',
  type: '',
  details: '',
  amount: '',
  balance: '',
});

/**
 * Waits while the client has not taken what was written: the PassThrough's writable side needs
 * a drain, or pdfkit holds more than HIGH_WATER not yet handed on (or the response is gone).
 */
async function drained(doc: Readable, out: PassThrough) {
  for (;;) {
    if (out.destroyed) return;
    if (out.writableNeedDrain) {
      await Promise.race([once(out, 'drain'), once(out, 'close')]);
    } else if (doc.readableLength > HIGH_WATER) {
      await new Promise((resolve) => setImmediate(resolve));
    } else return;
  }
}

/** The PDF as a stream; the lines are read from the database as the client takes the pages. */
export function statementPdf(statement: OpenStatement, messages: StatementMessages): Readable {
  const out = new PassThrough();
  const pdf = new StatementPdf(statement, messages);
  pdf.doc.pipe(out);
  const write = async () => {
    pdf.writeFront();
    let movements = 0;
    for await (const lines of statement.lines()) {
      if (out.destroyed) return;
      pdf.writeLines(lines);
      movements += lines.length;
      await drained(pdf.doc, out);
    }
    pdf.writeEnd(movements);
  };
  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
