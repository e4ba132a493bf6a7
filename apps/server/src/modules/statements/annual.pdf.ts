import type { Readable } from 'node:stream';
import { formatUsd } from '@app/shared/money';
import { writeAccountHeading, writeFiguresSummary } from './pdf-front';
import { PdfWriter, period, type Column } from './pdf-writer';
import type { StatementLanguage, StatementMessages } from './statements.messages';
import type { AnnualSummary } from './statements.service';

/**
 * The annual summary as a PDF: the year's figures (as a statement's summary), the risk warning,
 * then one row per month: opening, deposits, withdrawals, trades (invested and returned, net),
 * everything else, closing.
 */

type Key = 'month' | 'opening' | 'deposits' | 'withdrawals' | 'trades' | 'other' | 'closing';
const COLUMNS: readonly Column<Key>[] = [
  { key: 'month', width: 75, align: 'left' },
  { key: 'opening', width: 70, align: 'right' },
  { key: 'deposits', width: 70, align: 'right' },
  { key: 'withdrawals', width: 70, align: 'right' },
  { key: 'trades', width: 70, align: 'right' },
  { key: 'other', width: 70, align: 'right' },
  { key: 'closing', width: 74, align: 'right' },
];

export function annualPdf(
  summary: AnnualSummary,
  m: StatementMessages,
  language: StatementLanguage,
): Readable {
  const monthName = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const title = m.annual.title(summary.year);
  const first = summary.months[0];
  const last = summary.months[summary.months.length - 1];
  const span = first && last ? period(first.from, last.to, language) : String(summary.year);
  const pdf = new PdfWriter<Key>({
    title: `${summary.brand} ${title}`,
    author: summary.brand,
    createdAt: summary.generatedAt,
    footer: `${summary.brand} · ${title} · ${summary.holder.name}`,
    page: m.page,
    columns: COLUMNS,
    columnTitles: m.annual.columns,
  });
  return pdf.stream(() => {
    writeAccountHeading(pdf, m, {
      brand: summary.brand,
      title,
      holder: summary.holder,
      period: span,
      generatedAt: summary.generatedAt,
      language,
    });
    writeFiguresSummary(pdf, m, summary.total, { heldAtClose: false });

    pdf.heading(m.riskTitle);
    pdf.paragraph(m.riskWarning, 9);

    pdf.heading(m.annual.byMonth);
    pdf.tableHeader();
    for (const month of summary.months) {
      const c = month.byCategory;
      pdf.row({
        month: monthName.format(month.start),
        opening: formatUsd(month.opening),
        deposits: formatUsd(c.deposits),
        withdrawals: formatUsd(c.withdrawals),
        trades: formatUsd(c.invested + c.returnedFromTrades),
        other: formatUsd(c.performanceFeesReceived + c.bonuses + c.adjustments + c.other),
        closing: formatUsd(month.closing),
      });
    }
    pdf.space(1);
    pdf.paragraph(m.annual.columnsNote);
    pdf.end();
  });
}
