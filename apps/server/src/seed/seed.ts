import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { plans, settings, users } from '../db/schema';
import { hashPassword, newReferralId } from '../lib/crypto';
import { seedDemoPaymentMethods } from '../modules/payment-methods';
import { DEFAULT_REFERRAL_BONUS_CENTS } from '../modules/referrals';

export const DEFAULT_SETTINGS = {
  /** Bonus for the referrer when a referred account is activated; 0 switches the programme off. */
  referral_bonus_cents: DEFAULT_REFERRAL_BONUS_CENTS,
} as const;

/**
 * The seed's plan ranges and terms (docs/product.md: text ranges, terms 1/7/14/30 days). None is
 * Featured: that label is the operator's choice, and a demo seed has no grounds to single one out.
 */
const DEMO_PLANS = [
  {
    title: 'Basic',
    minCents: 10_000n,
    maxCents: 99_900n,
    termDays: 1,
    recommended: false,
    sortOrder: 1,
  },
  {
    title: 'Silver',
    minCents: 100_000n,
    maxCents: 499_900n,
    termDays: 7,
    recommended: false,
    sortOrder: 2,
  },
  {
    title: 'Gold',
    minCents: 500_000n,
    maxCents: 999_900n,
    termDays: 14,
    recommended: false,
    sortOrder: 3,
  },
  {
    title: 'Platinum',
    minCents: 1_000_000n,
    maxCents: 5_000_000n,
    termDays: 30,
    recommended: false,
    sortOrder: 4,
  },
];

export interface SeedResult {
  admin?: { email: string; password: string; generated: boolean };
}

/**
 * First start: default settings, demo plans and an admin. Runs in one transaction and only once
 * (an existing admin means the platform was seeded).
 */
export async function seedIfEmpty(db: Db, config: Config): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.isAdmin}`)
      .limit(1);
    if (existing) return {};

    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await tx.insert(settings).values({ key, value }).onConflictDoNothing();
    }
    if (config.seedDemo) {
      const [anyPlan] = await tx.select({ id: plans.id }).from(plans).limit(1);
      if (!anyPlan) await tx.insert(plans).values(DEMO_PLANS);
      await seedDemoPaymentMethods(tx);
    }
    const email = (config.adminEmail ?? 'admin@nestrado.local').toLowerCase();
    const generated = !config.adminPassword;
    const password = config.adminPassword ?? crypto.randomBytes(12).toString('base64url');
    await tx.insert(users).values({
      email,
      name: 'Administrator',
      phone: '-',
      country: '-',
      referralId: newReferralId('admin'),
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      isActive: true,
      activatedAt: new Date(),
      isAdmin: true,
      // A generated password was printed to the terminal (and may sit in its scroll-back or a
      // log): it opens the account once, for choosing a password of the admin's own. One the
      // operator chose (ADMIN_PASSWORD) is theirs already and was never printed.
      passwordChangeRequired: generated,
    });
    return { admin: { email, password, generated } };
  });
}
