import type { AccountSummary } from '@app/shared/schemas/account';
import type { AdminChainTransfer, ChainRail, ChainTransfer } from '@app/shared/schemas/chain';
import type { Me } from '@app/shared/schemas/auth';
import type { StrategyTerms } from '@app/shared/schemas/lead-traders';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { PracticeAccount } from '@app/shared/schemas/practice';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import type { Transaction } from '@app/shared/schemas/transactions';

/**
 * The web tests' shared fixtures: a signed-in user, a transaction, an open trade, a plan and
 * account summaries. Each takes the overrides its scenario needs.
 */

/** Jane, a verified, active investor; `overrides` make the variant a test needs. */
export function userFixture(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    name: 'Jane Doe',
    email: 'jane@example.com',
    emailVerified: true,
    phone: '+12025550143',
    country: 'Germany',
    referralId: 'janedoeab12c',
    referrerId: null,
    avatarUrl: null,
    isActive: true,
    activatedAt: '2025-01-02T00:00:00.000Z',
    isAdmin: false,
    isTrader: false,
    twoFactorEnabled: false,
    passwordChangeRequired: false,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export const jane: Me = userFixture();

/** The user the money pages' tests sign in (renderSignedIn's default). */
export const testUser: Me = userFixture({
  phone: '+1 555',
  country: 'Canada',
  referralId: 'janedoeabcde',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A file of `bytes` bytes (content irrelevant: the client checks name, type and size). */
export function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** A live, fee-free Bitcoin (BTC) method, as GET /api/payment-methods lists it. */
export function cryptoMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: '6f1c3c2e-8a3b-4f43-9a55-0f0f0f0f0f01',
    kind: 'crypto',
    name: 'Bitcoin',
    network: 'BTC',
    address: 'bc1qexampleaddress',
    bankName: null,
    accountName: null,
    accountNumber: null,
    swiftCode: null,
    referenceInstructions: null,
    isDemo: false,
    sortOrder: 0,
    retiredAt: null,
    withdrawalFeePct: '0',
    withdrawalFeeFixedCents: 0,
    railNetwork: null,
    railToken: null,
    ...overrides,
  };
}

export function tx(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: overrides.transactionId ?? 'id-1',
    book: 'real',
    transactionId: 'TNX-AB12CD',
    kind: 'deposit',
    type: 'credit',
    status: 'success',
    amountCents: 123_450,
    feeCents: 0,
    netCents: 123_450,
    description: 'Deposit via Bitcoin (BTC)',
    crypto: 'Bitcoin (BTC)',
    channel: 'crypto',
    paymentReference: null,
    failureReason: null,
    methodId: null,
    payoutDetails: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function openTrade(overrides: Partial<CurrentTrade> = {}): CurrentTrade {
  return {
    id: 't1',
    book: 'real',
    planId: '11111111-1111-4111-8111-111111111111',
    planTitle: 'Silver',
    strategyId: 's1',
    strategyName: 'Trend Rider',
    amountCents: 100_000,
    units: '950.5',
    entryNav: '1.0520',
    currentNav: '1.0731',
    valueCents: 102_000,
    profitCents: 2_000,
    roiPct: '2.00',
    stopLossPct: 40,
    takeProfitPct: null,
    performanceFeePct: '10',
    openedAt: '2026-11-20T10:00:00.000Z',
    closesAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

/** The seed's plan tiers (apps/server/src/seed): every install starts with these four. */
const SEED_PLAN_TIERS = {
  basic: { title: 'Basic', minCents: 10_000, maxCents: 99_900, termDays: 1 },
  silver: { title: 'Silver', minCents: 100_000, maxCents: 499_900, termDays: 7 },
  gold: { title: 'Gold', minCents: 500_000, maxCents: 999_900, termDays: 14 },
  platinum: { title: 'Platinum', minCents: 1_000_000, maxCents: 5_000_000, termDays: 30 },
} as const;

/**
 * One of the seed's plans as GET /api/plans lists it (its id is the tier's name), on `strategy`,
 * not featured and without a fee unless `overrides` say so.
 */
export function seedPlan(
  tier: keyof typeof SEED_PLAN_TIERS,
  strategy: PublicPlan['strategy'],
  overrides: Partial<PublicPlan> = {},
): PublicPlan {
  return {
    id: tier,
    ...SEED_PLAN_TIERS[tier],
    recommended: false,
    performanceFeePct: '0',
    strategy,
    ...overrides,
  };
}

export const silverPlan: PublicPlan = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Silver',
  minCents: 100_000,
  maxCents: 499_900,
  termDays: 7,
  recommended: true,
  performanceFeePct: '10',
  strategy: {
    id: 's1',
    name: 'Trend Rider',
    return30dPct: '16.19',
    avgDailyReturnPct: '0.57',
    maxDrawdownPct: '9.19',
    copiers: 12,
    aumCents: 11_619_152,
    paused: false,
    navSeries: [
      { at: '2026-11-19T00:00:00.000Z', nav: '1.00' },
      { at: '2026-11-20T00:00:00.000Z', nav: '1.05' },
      { at: '2026-11-21T00:00:00.000Z', nav: '1.16' },
    ],
  },
};

/** An account summary holding `trades` as its open trades (valued as the balances were read). */
export function summaryHolding(...trades: (CurrentTrade | null)[]): AccountSummary {
  const cash = 50_000;
  const held = trades.filter((trade): trade is CurrentTrade => trade !== null);
  const sum = (cents: (trade: CurrentTrade) => number) =>
    held.reduce((total, trade) => total + cents(trade), 0);
  return {
    ...summaryWith(cash),
    investedCents: sum((trade) => trade.amountCents),
    balanceCents: cash + sum((trade) => trade.valueCents),
    openTrades: held,
    openTradesValueCents: sum((trade) => trade.valueCents),
    openTradesProfitCents: sum((trade) => trade.profitCents),
    allocation: {
      cashPct: ((cash * 100) / (cash + sum((trade) => trade.valueCents))).toFixed(1),
      trades: held.map((trade) => ({
        tradeId: trade.id,
        sharePct: ((trade.valueCents * 100) / (cash + sum((one) => one.valueCents))).toFixed(1),
      })),
    },
  };
}

export function summaryWith(availableCents: number): AccountSummary {
  return {
    availableCents,
    heldCents: 0,
    investedCents: 0,
    balanceCents: availableCents,
    totalDepositsCents: availableCents,
    totalWithdrawalsCents: 0,
    totalProfitCents: 0,
    totalBonusCents: 0,
    percentUp: '0.00',
    pendingWithdrawalsCount: 0,
    openTrades: [],
    openTradesValueCents: 0,
    openTradesProfitCents: 0,
    allocation: availableCents > 0 ? { cashPct: '100.0', trades: [] } : null,
    recentTransactions: [],
  };
}

/** A live BTCUSDT strategy's terms (10% fee, $100 minimum copy, no cap); `overrides` vary them. */
export function strategyTerms(overrides: Partial<StrategyTerms> = {}): StrategyTerms {
  return {
    instruments: ['BTCUSDT'],
    performanceFeePct: '10.00',
    minCopyCents: 10_000,
    maxCopiers: null,
    retired: false,
    ...overrides,
  };
}

/**
 * The server's refusal of a performance fee outside the operator's 5%–25% bounds, naming the
 * field (as the admin's and the trader's strategy forms both receive it).
 */
export const feeOutsideBoundsReply = {
  status: 400,
  body: {
    error: {
      code: 'PERFORMANCE_FEE_OUTSIDE_BOUNDS',
      message: 'Performance fee must be from 5% to 25%',
      field: 'performanceFeePct',
      params: { minPct: '5', maxPct: '25' },
    },
  },
};

/** The development chain's USDC as GET /api/chain/rails lists it (the faucet on). */
export function chainRailFixture(overrides: Partial<ChainRail> = {}): ChainRail {
  return {
    network: 'dev',
    networkName: 'Development chain',
    chainId: 31337,
    token: 'USDC',
    contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    decimals: 6,
    minimum: '1000000',
    confirmations: 3,
    credited: true,
    development: true,
    ...overrides,
  };
}

/** A transfer's hash on a chain (64 hex digits of `digit`). */
export const chainTxHash = (digit = 'a') => `0x${digit.repeat(64)}`;

/**
 * 25 USDC arriving on the development chain, confirming (2 of 3), as GET /api/chain/transfers
 * lists it to its owner.
 */
export function chainTransferFixture(overrides: Partial<ChainTransfer> = {}): ChainTransfer {
  return {
    id: 'ct-1',
    network: 'dev',
    networkName: 'Development chain',
    token: 'USDC',
    txHash: chainTxHash(),
    explorerUrl: null,
    amount: '25000000',
    amountText: '25',
    status: 'confirming',
    confirmations: 2,
    confirmationsRequired: 3,
    holdReason: null,
    centsCredited: null,
    transactionId: null,
    seenAt: '2026-11-29T10:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

/** The same transfer once credited: $25.00 booked as TNX-AB12CD. */
export const creditedChainTransfer: Partial<ChainTransfer> = {
  status: 'credited',
  confirmations: 3,
  centsCredited: 2500,
  transactionId: 'TNX-AB12CD',
  settledAt: '2026-11-29T10:01:00.000Z',
};

/** A transfer as the back office lists it (GET /api/admin/chain/transfers): Morgan's, credited. */
export function adminChainTransferFixture(
  overrides: Partial<AdminChainTransfer> = {},
): AdminChainTransfer {
  return {
    ...chainTransferFixture(creditedChainTransfer),
    userId: 'user-1',
    userEmail: 'morgan@example.com',
    fromAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    toAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    blockNumber: '42',
    ...overrides,
  };
}

/** A practice account opened on 20 Nov 2026 with $10,000.00 (issue 42). */
export const openedPractice: NonNullable<PracticeAccount['account']> = {
  openedAt: '2026-11-20T10:00:00.000Z',
  startingCents: 1_000_000,
  resets: 0,
  lastResetAt: null,
};

/** GET /api/practice's answer: offered at $10,000.00, the user verified, the account opened. */
export function practiceFixture(overrides: Partial<PracticeAccount> = {}): PracticeAccount {
  return {
    enabled: true,
    startingCents: 1_000_000,
    eligible: true,
    account: openedPractice,
    ...overrides,
  };
}
