import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime } from '@app/shared/format';

/**
 * An A4 document for the statements (pdfkit, the standard Helvetica fonts: Latin-1 covers en, de,
 * es), written as it goes: a running footer on every page with its page number ("Page 3": a total
 * would need the whole document in memory first), label/value lines, headings, paragraphs and a
 * table whose header is repeated on each new page.
 */

export const MARGIN = 48;
const ROW = 14;
const FOOTER = 28;
/** Output the client has not taken yet before the writer waits (backpressure, bytes). */
const HIGH_WATER = 512 * 1024;

export interface Column<K extends string> {
  key: K;
  width: number;
  align: 'left' | 'right';
}

export const dateTimeUtc = (at: Date, language: string) => formatDateTime(at, language);
export const period = (from: string, to: string, language: string) =>
  `${formatDate(`${from}T00:00:00Z`, language)} – ${formatDate(`${to}T00:00:00Z`, language)}`;

export class PdfWriter<K extends string> {
  readonly doc: PDFKit.PDFDocument;
  readonly out = new PassThrough();
  private pageNumber = 0;

  constructor(
    private readonly options: {
      title: string;
      author: string;
      createdAt: Date;
      /** The left part of every page's footer. */
      footer: string;
      page: (n: number) => string;
      columns: readonly Column<K>[];
      columnTitles: Record<K, string>;
    },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      bufferPages: false,
      info: { Title: options.title, Author: options.author, CreationDate: options.createdAt },
    });
    this.doc.pipe(this.out);
    // pdfkit opens the first page in its constructor, before this listener: number it by hand.
    this.doc.on('pageAdded', () => this.onPage());
    this.onPage();
  }

  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private onPage() {
    this.pageNumber += 1;
    const { doc } = this;
    const y = doc.page.height - MARGIN - 10;
    const keep = { x: doc.x, y: doc.y, bottom: doc.page.margins.bottom };
    // Below the bottom margin pdfkit would start a new page (and footer it, and so on).
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor('#555555');
    doc.text(this.options.footer, MARGIN, y, {
      width: this.width - 70,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(this.options.page(this.pageNumber), MARGIN, y, {
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

  title(brand: string, title: string) {
    this.doc.font('Helvetica-Bold').fontSize(18).text(brand, MARGIN, MARGIN);
    this.doc.font('Helvetica').fontSize(13).text(title);
    this.doc.moveDown(0.6);
  }

  labelValue(label: string, value: string, options: { bold?: boolean } = {}) {
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

  heading(text: string) {
    this.ensure(ROW * 3, false);
    this.doc.moveDown(0.6);
    this.doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, size = 8.5) {
    this.doc.font('Helvetica').fontSize(size).text(text, MARGIN, this.doc.y, { width: this.width });
  }

  space(lines: number) {
    this.doc.moveDown(lines);
  }

  row(cells: Record<K, string>, bold = false) {
    const { doc } = this;
    this.ensure(ROW, true);
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    for (const column of this.options.columns) {
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

  tableHeader() {
    const { doc } = this;
    this.ensure(ROW * 2, false);
    doc.rect(MARGIN, doc.y, this.width, ROW).fill('#eeeeee').fillColor('#000000');
    this.row(this.options.columnTitles, true);
  }

  end() {
    this.doc.end();
  }

  /**
   * Waits while the client has not taken what was written: the PassThrough's writable side needs
   * a drain, or pdfkit holds more than HIGH_WATER not yet handed on (or the response is gone).
   */
  async drained() {
    for (;;) {
      if (this.out.destroyed) return;
      if (this.out.writableNeedDrain) {
        await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
      } else if (this.doc.readableLength > HIGH_WATER) {
        await new Promise((resolve) => setImmediate(resolve));
      } else return;
    }
  }

  /** The document as a stream, written by `write` (an error cuts the stream short). */
  stream(write: () => Promise<void> | void): Readable {
    Promise.resolve()
      .then(write)
      .catch((error: unknown) => {
        this.out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return this.out;
  }
}
