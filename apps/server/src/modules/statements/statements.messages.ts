import { RISK_WARNING } from '@app/shared/risk';
import type { AdjustmentBucket, TradeCloseReason } from '@app/shared/schemas/kinds';
import {
  BUILT_IN_BANK_METHOD,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import { formatUsd } from '@app/shared/money';
import type { CashMovement, StatementCategory, StatementType } from './domain/statement';

/**
 * The statement's own texts in the languages of the web app (en, de, es). The risk warning is
 * the product's (docs/product.md principle 3): English from @app/shared/risk, German and Spanish
 * as the web's `public` locale translates it (a unit test keeps them equal).
 */
export const STATEMENT_LANGUAGES = ['en', 'de', 'es'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

/**
 * A movement's description written from its transaction's code and parameters: the web's
 * `transactions` texts (`methods`, `descriptions`), word for word (a unit test keeps them equal),
 * with their `{{name}}` placeholders.
 */
export interface TransactionTexts {
  methods: { bank: string };
  descriptions: {
    deposit: string;
    withdrawal: string;
    trade_open: string;
    trade_add: string;
    trade_remove: string;
    trade_close: Record<TradeCloseReason, string>;
    closeResult: { profit: string; loss: string };
    performance_fee: string;
    adjustment: Record<AdjustmentBucket, string>;
    referral_bonus: string;
    profit_claim: string;
    practice_start: string;
    practice_reset: string;
  };
}

export interface StatementMessages {
  /** The language these texts are in: dates are written in it too (shared formatDate). */
  language: StatementLanguage;
  title: string;
  accountHolder: string;
  accountReference: string;
  period: string;
  generatedAt: string;
  balanceNote: string;
  datesNote: string;
  summary: string;
  openingBalance: string;
  closingBalance: string;
  categories: Record<StatementCategory, string>;
  /** The short name of a movement (its category's, or finer: see typeOf), for the Type column. */
  types: Record<StatementType, string>;
  withdrawalFees: string;
  realisedProfitLoss: string;
  performanceFeesPaid: string;
  heldAtClose: string;
  staffAdjustments: string;
  moreAdjustments: (count: number) => string;
  movements: string;
  noMovements: string;
  columns: {
    date: string;
    transaction: string;
    type: string;
    details: string;
    amount: string;
    balance: string;
  };
  /**
   * How each movement's description is written in this language; null in English, where the
   * ledger's own English text is printed (as it always was: the CSV and exports keep it too).
   */
  transactionTexts: TransactionTexts | null;
  feeOf: (fee: string) => string;
  page: (n: number) => string;
  riskTitle: string;
  riskWarning: string;
  end: string;
  annual: {
    title: (year: number) => string;
    byMonth: string;
    columns: {
      month: string;
      opening: string;
      deposits: string;
      withdrawals: string;
      trades: string;
      other: string;
      closing: string;
    };
    columnsNote: string;
  };
}

const en: StatementMessages = {
  language: 'en',
  title: 'Account statement',
  accountHolder: 'Account holder',
  accountReference: 'Account reference',
  period: 'Period',
  generatedAt: 'Generated',
  balanceNote:
    'Balances are your cash: your available balance plus amounts held for pending withdrawals. Money in open trades is not included; it is listed as invested when a trade opens and returned when it closes.',
  datesNote: 'Dates and times are in UTC. Amounts in USD.',
  summary: 'Summary',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  categories: {
    deposits: 'Deposits',
    withdrawals: 'Withdrawals paid (including fees)',
    invested: 'Invested in trades',
    returnedFromTrades: 'Returned from trades',
    performanceFeesReceived: 'Performance fees received',
    bonuses: 'Bonuses',
    adjustments: 'Staff adjustments',
    other: 'Other',
  },
  types: {
    deposits: 'Deposit',
    withdrawals: 'Withdrawal',
    invested: 'Invested',
    returnedFromTrades: 'Trade closed',
    fundsTakenOut: 'Funds taken out',
    profitClaimed: 'Profit claimed',
    performanceFeesReceived: 'Fee received',
    bonuses: 'Bonus',
    adjustments: 'Adjustment',
    other: 'Other',
  },
  withdrawalFees: 'of which withdrawal fees',
  realisedProfitLoss: 'Realised on closes, claims and removals, after fees',
  performanceFeesPaid: 'Performance fees charged on your trades',
  heldAtClose: 'of the closing balance, held for pending withdrawals',
  staffAdjustments: 'Staff adjustments and their reasons',
  moreAdjustments: (count) => `and ${count} more, listed with the movements`,
  movements: 'Movements',
  noMovements: 'No movements in this period.',
  columns: {
    date: 'Date',
    transaction: 'Transaction ID',
    type: 'Type',
    details: 'Description',
    amount: 'Amount',
    balance: 'Balance',
  },
  transactionTexts: null,
  feeOf: (fee) => `fee ${fee}`,
  page: (n) => `Page ${n}`,
  riskTitle: 'Risk warning',
  riskWarning: RISK_WARNING,
  end: 'End of statement',
  annual: {
    title: (year) => `Annual summary ${year}`,
    byMonth: 'Month by month',
    columns: {
      month: 'Month',
      opening: 'Opening',
      deposits: 'Deposits',
      withdrawals: 'Withdrawals',
      trades: 'Trades (net)',
      other: 'Other',
      closing: 'Closing',
    },
    columnsNote:
      'Trades (net): returned from trades minus invested in them. Other: bonuses, staff adjustments and performance fees received.',
  },
};

const de: StatementMessages = {
  language: 'de',
  title: 'Kontoauszug',
  accountHolder: 'Kontoinhaber',
  accountReference: 'Kontoreferenz',
  period: 'Zeitraum',
  generatedAt: 'Erstellt',
  balanceNote:
    'Salden sind Ihr Guthaben: Ihr verfügbarer Saldo plus für ausstehende Auszahlungen reservierte Beträge. Geld in offenen Trades ist nicht enthalten; es erscheint als investiert, wenn ein Trade eröffnet wird, und als zurückgeflossen, wenn er geschlossen wird.',
  datesNote: 'Datum und Uhrzeit in UTC. Beträge in USD.',
  summary: 'Zusammenfassung',
  openingBalance: 'Anfangssaldo',
  closingBalance: 'Endsaldo',
  categories: {
    deposits: 'Einzahlungen',
    withdrawals: 'Ausgezahlte Auszahlungen (inkl. Gebühren)',
    invested: 'In Trades investiert',
    returnedFromTrades: 'Aus Trades zurückgeflossen',
    performanceFeesReceived: 'Erhaltene Performancegebühren',
    bonuses: 'Boni',
    adjustments: 'Korrekturen durch Mitarbeiter',
    other: 'Sonstiges',
  },
  types: {
    deposits: 'Einzahlung',
    withdrawals: 'Auszahlung',
    invested: 'Investiert',
    returnedFromTrades: 'Trade geschlossen',
    fundsTakenOut: 'Mittel entnommen',
    profitClaimed: 'Gewinn ausgezahlt',
    performanceFeesReceived: 'Gebühr erhalten',
    bonuses: 'Bonus',
    adjustments: 'Korrektur',
    other: 'Sonstiges',
  },
  withdrawalFees: 'davon Auszahlungsgebühren',
  realisedProfitLoss: 'Realisiert bei Schließung, Mitnahme, Entnahme (netto)',
  performanceFeesPaid: 'Auf Ihre Trades berechnete Performancegebühren',
  heldAtClose: 'vom Endsaldo für ausstehende Auszahlungen reserviert',
  staffAdjustments: 'Korrekturen durch Mitarbeiter und ihre Gründe',
  moreAdjustments: (count) => `und ${count} weitere, bei den Umsätzen aufgeführt`,
  movements: 'Umsätze',
  noMovements: 'Keine Umsätze in diesem Zeitraum.',
  columns: {
    date: 'Datum',
    transaction: 'Transaktions-ID',
    type: 'Art',
    details: 'Beschreibung',
    amount: 'Betrag',
    balance: 'Saldo',
  },
  transactionTexts: {
    methods: { bank: 'Banküberweisung' },
    descriptions: {
      deposit: 'Einzahlung über {{method}}',
      withdrawal: 'Auszahlung über {{method}}',
      trade_open: 'In den Plan {{plan}} investiert',
      trade_add: 'Mittel zum Plan {{plan}} hinzugefügt',
      trade_remove: 'Mittel aus dem Plan {{plan}} entnommen',
      trade_close: {
        claim: 'Gewinn eingelöst (Plan {{plan}})',
        close: 'Trade geschlossen (Plan {{plan}})',
        stop_loss: 'Trade durch Stop-Loss geschlossen (Plan {{plan}})',
        take_profit: 'Trade durch Take-Profit geschlossen (Plan {{plan}})',
        term_end: 'Trade zum Laufzeitende geschlossen (Plan {{plan}})',
      },
      closeResult: {
        profit: '{{closed}}: Betrag {{amount}}, Gewinn {{result}}',
        loss: '{{closed}}: Betrag {{amount}}, Verlust {{result}}',
      },
      performance_fee: 'Erfolgsgebühr (Kopierer im Plan {{plan}})',
      adjustment: {
        balance: 'Saldokorrektur: {{reason}}',
        profit: 'Gewinnkorrektur: {{reason}}',
        bonus: 'Bonuskorrektur: {{reason}}',
      },
      referral_bonus: 'Empfehlungsbonus: {{name}} ist beigetreten',
      profit_claim: 'Gewinn eingelöst (Plan {{plan}})',
      practice_start: 'Übungskonto mit virtuellem Geld eröffnet',
      practice_reset: 'Übungskonto neu gestartet',
    },
  },
  feeOf: (fee) => `Gebühr ${fee}`,
  page: (n) => `Seite ${n}`,
  riskTitle: 'Risikohinweis',
  riskWarning:
    'Copy-Trading ist mit Risiken verbunden. Sie können einen Teil oder Ihr gesamtes investiertes Geld verlieren. Die vergangene Wertentwicklung ist kein verlässlicher Indikator für künftige Ergebnisse.',
  end: 'Ende des Kontoauszugs',
  annual: {
    title: (year) => `Jahresübersicht ${year}`,
    byMonth: 'Monat für Monat',
    columns: {
      month: 'Monat',
      opening: 'Anfang',
      deposits: 'Einzahlungen',
      withdrawals: 'Auszahlungen',
      trades: 'Trades (netto)',
      other: 'Sonstiges',
      closing: 'Ende',
    },
    columnsNote:
      'Trades (netto): aus Trades zurückgeflossen abzüglich darin investiert. Sonstiges: Boni, Korrekturen durch Mitarbeiter und erhaltene Performancegebühren.',
  },
};

const es: StatementMessages = {
  language: 'es',
  title: 'Extracto de cuenta',
  accountHolder: 'Titular de la cuenta',
  accountReference: 'Referencia de la cuenta',
  period: 'Periodo',
  generatedAt: 'Generado',
  balanceNote:
    'Los saldos son su efectivo: su saldo disponible más los importes retenidos para retiros pendientes. El dinero en operaciones abiertas no se incluye; figura como invertido cuando se abre una operación y como devuelto cuando se cierra.',
  datesNote: 'Fechas y horas en UTC. Importes en USD.',
  summary: 'Resumen',
  openingBalance: 'Saldo inicial',
  closingBalance: 'Saldo final',
  categories: {
    deposits: 'Depósitos',
    withdrawals: 'Retiros pagados (comisiones incluidas)',
    invested: 'Invertido en operaciones',
    returnedFromTrades: 'Devuelto de operaciones',
    performanceFeesReceived: 'Comisiones de rendimiento recibidas',
    bonuses: 'Bonificaciones',
    adjustments: 'Ajustes del personal',
    other: 'Otros',
  },
  types: {
    deposits: 'Depósito',
    withdrawals: 'Retiro',
    invested: 'Invertido',
    returnedFromTrades: 'Operación cerrada',
    fundsTakenOut: 'Fondos retirados',
    profitClaimed: 'Beneficio cobrado',
    performanceFeesReceived: 'Comisión recibida',
    bonuses: 'Bonificación',
    adjustments: 'Ajuste',
    other: 'Otros',
  },
  withdrawalFees: 'de los cuales comisiones de retiro',
  realisedProfitLoss: 'Realizado al cerrar, cobrar y retirar (tras comisiones)',
  performanceFeesPaid: 'Comisiones de rendimiento cobradas en sus operaciones',
  heldAtClose: 'del saldo final, retenido para retiros pendientes',
  staffAdjustments: 'Ajustes del personal y sus motivos',
  moreAdjustments: (count) => `y ${count} más, listados con los movimientos`,
  movements: 'Movimientos',
  noMovements: 'No hay movimientos en este periodo.',
  columns: {
    date: 'Fecha',
    transaction: 'ID de transacción',
    type: 'Tipo',
    details: 'Descripción',
    amount: 'Importe',
    balance: 'Saldo',
  },
  transactionTexts: {
    methods: { bank: 'Transferencia bancaria' },
    descriptions: {
      deposit: 'Depósito mediante {{method}}',
      withdrawal: 'Retiro mediante {{method}}',
      trade_open: 'Invertido en el plan {{plan}}',
      trade_add: 'Fondos añadidos al plan {{plan}}',
      trade_remove: 'Fondos retirados del plan {{plan}}',
      trade_close: {
        claim: 'Beneficio cobrado (plan {{plan}})',
        close: 'Operación cerrada (plan {{plan}})',
        stop_loss: 'Operación cerrada por stop-loss (plan {{plan}})',
        take_profit: 'Operación cerrada por take-profit (plan {{plan}})',
        term_end: 'Operación cerrada al final de su plazo (plan {{plan}})',
      },
      closeResult: {
        profit: '{{closed}}: importe {{amount}}, beneficio {{result}}',
        loss: '{{closed}}: importe {{amount}}, pérdida {{result}}',
      },
      performance_fee: 'Comisión de rendimiento (copiador del plan {{plan}})',
      adjustment: {
        balance: 'Ajuste de saldo: {{reason}}',
        profit: 'Ajuste de beneficio: {{reason}}',
        bonus: 'Ajuste de bono: {{reason}}',
      },
      referral_bonus: 'Bono de referido: {{name}} se ha unido',
      profit_claim: 'Beneficio cobrado (plan {{plan}})',
      practice_start: 'Cuenta de práctica abierta con dinero virtual',
      practice_reset: 'Cuenta de práctica reiniciada',
    },
  },
  feeOf: (fee) => `comisión ${fee}`,
  page: (n) => `Página ${n}`,
  riskTitle: 'Advertencia de riesgo',
  riskWarning:
    'El copy trading conlleva riesgos. Puede perder parte o la totalidad del dinero que invierta. La rentabilidad pasada no es un indicador fiable de resultados futuros.',
  end: 'Fin del extracto',
  annual: {
    title: (year) => `Resumen anual ${year}`,
    byMonth: 'Mes a mes',
    columns: {
      month: 'Mes',
      opening: 'Inicial',
      deposits: 'Depósitos',
      withdrawals: 'Retiros',
      trades: 'Operaciones (neto)',
      other: 'Otros',
      closing: 'Final',
    },
    columnsNote:
      'Operaciones (neto): devuelto de operaciones menos lo invertido en ellas. Otros: bonificaciones, ajustes del personal y comisiones de rendimiento recibidas.',
  },
};

export const STATEMENT_MESSAGES: Record<StatementLanguage, StatementMessages> = { en, de, es };

/**
 * The language asked for (`lang`), else the first supported one of Accept-Language, else English.
 */
export function statementLanguage(
  asked: StatementLanguage | undefined,
  acceptLanguage: string | undefined,
): StatementLanguage {
  if (asked) return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    const found = STATEMENT_LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

function written(texts: TransactionTexts, parts: TransactionDescription): string {
  const d = texts.descriptions;
  switch (parts.code) {
    case 'deposit':
    case 'withdrawal':
      // The built-in bank method in the reader's words; an operator-named method keeps its name.
      return fill(d[parts.code], {
        method: parts.method === BUILT_IN_BANK_METHOD ? texts.methods.bank : parts.method,
      });
    case 'trade_open':
    case 'trade_add':
    case 'trade_remove':
    case 'profit_claim':
    case 'performance_fee':
      return fill(d[parts.code], { plan: parts.plan });
    case 'trade_close': {
      const closed = fill(d.trade_close[parts.reason], { plan: parts.plan });
      const { amountCents, profitCents } = parts;
      if (amountCents === undefined || profitCents === undefined) return closed;
      return fill(d.closeResult[profitCents < 0 ? 'loss' : 'profit'], {
        closed,
        amount: formatUsd(amountCents),
        result: formatUsd(Math.abs(profitCents)),
      });
    }
    case 'adjustment':
      return fill(d.adjustment[parts.bucket], { reason: parts.reason });
    case 'referral_bonus':
      return fill(d.referral_bonus, { name: parts.name });
    // Practice money is never on a statement (issue 42); named here for the switch to be whole.
    case 'practice_start':
    case 'practice_reset':
      return d[parts.code];
  }
}

/**
 * A movement's description in the statement's language, from its transaction's code and
 * parameters (as the web writes it); the ledger's stored text in English, and for a movement
 * without a code (rows booked before codes, entries of no transaction).
 */
export function describeMovement(
  movement: Pick<CashMovement, 'description' | 'descriptionParts'>,
  m: StatementMessages,
): string {
  const parts = movement.descriptionParts;
  if (!parts || !m.transactionTexts) return movement.description;
  return written(m.transactionTexts, parts);
}
