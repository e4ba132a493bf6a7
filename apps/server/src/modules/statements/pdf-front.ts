import { formatUsd } from '@app/shared/money';
import { STATEMENT_CATEGORIES } from './domain/statement';
import { dateTimeUtc, type PdfWriter } from './pdf-writer';
import type { StatementMessages } from './statements.messages';
import type { RangeFigures } from './statements.service';

/**
 * The opening lines of an account statement and of an annual summary (both PDFs): the brand and
 * title, whose account, which period, when it was made, and the notes on balances and dates.
 */
export function writeAccountHeading<K extends string>(
  pdf: PdfWriter<K>,
  m: StatementMessages,
  heading: {
    brand: string;
    title: string;
    holder: { name: string; reference: string };
    /** The period as written (already in the reader's language). */
    period: string;
    generatedAt: Date;
    language: string;
  },
): void {
  pdf.title(heading.brand, heading.title);
  pdf.labelValue(m.accountHolder, heading.holder.name);
  pdf.labelValue(m.accountReference, heading.holder.reference);
  pdf.labelValue(m.period, heading.period);
  pdf.labelValue(m.generatedAt, dateTimeUtc(heading.generatedAt, heading.language));
  pdf.space(0.4);
  pdf.paragraph(m.balanceNote);
  pdf.paragraph(m.datesNote);
}

/**
 * The summary of a period's figures: opening balance, each category (other only when it moved,
 * withdrawals with their fees), closing balance (with what was held at the close when asked for),
 * then the realised profit or loss and the performance fees paid.
 */
export function writeFiguresSummary<K extends string>(
  pdf: PdfWriter<K>,
  m: StatementMessages,
  figures: RangeFigures,
  options: { heldAtClose: boolean },
): void {
  const { facts } = figures;
  pdf.heading(m.summary);
  pdf.labelValue(m.openingBalance, formatUsd(figures.opening), { bold: true });
  for (const category of STATEMENT_CATEGORIES) {
    const total = figures.byCategory[category];
    if (category === 'other' && total === 0n) continue;
    pdf.labelValue(m.categories[category], formatUsd(total));
    if (category === 'withdrawals') {
      pdf.labelValue(`    ${m.withdrawalFees}`, formatUsd(facts.withdrawalFees));
    }
  }
  pdf.labelValue(m.closingBalance, formatUsd(figures.closing), { bold: true });
  if (options.heldAtClose) {
    pdf.labelValue(`    ${m.heldAtClose}`, formatUsd(facts.heldAtClose));
  }
  pdf.space(0.4);
  pdf.labelValue(m.realisedProfitLoss, formatUsd(facts.realisedProfitLoss));
  pdf.labelValue(m.performanceFeesPaid, formatUsd(facts.performanceFeesPaid));
}
