import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, type TestApp, type TestClient } from './harness';
import { summaryOf, useMoneyApp } from './money-helpers';
import { findMailTo } from '../src/modules/mail/outbox.repo';

let t: TestApp;
let admin: TestClient;
useMoneyApp((made) => ({ t, admin } = made));

async function bonusTransactions(client: TestClient) {
  const list = (await client.get('/api/transactions')).json<{
    items: { description: string; amountCents: number; type: string; status: string }[];
  }>();
  return list.items.filter((tx) => tx.description.startsWith('Referral bonus'));
}

describe('referral bonus', () => {
  it('pays the referrer once, when the referred account is first activated, through the ledger', async () => {
    const referrer = await registerUser(t.app, { name: 'Rita Referrer' });
    const referred = await registerUser(t.app, {
      name: 'Fred Friend',
      referrerId: referrer.user.referralId,
    });
    // Signing up earns nothing: fake sign-ups are worthless.
    expect(await bonusTransactions(referrer.client)).toEqual([]);

    const activations = await Promise.all([
      admin.post(`/api/admin/users/${referred.user.id}/activate`),
      admin.post(`/api/admin/users/${referred.user.id}/activate`),
    ]);
    expect(activations.map((r) => r.statusCode)).toEqual([200, 200]);
    await admin.post(`/api/admin/users/${referred.user.id}/deactivate`);
    await admin.post(`/api/admin/users/${referred.user.id}/activate`);

    const bonuses = await bonusTransactions(referrer.client);
    expect(bonuses).toEqual([
      expect.objectContaining({
        description: 'Referral bonus: Fred Friend joined',
        amountCents: 10_000,
        type: 'credit',
        status: 'success',
      }),
    ]);
    expect((await summaryOf(referrer.client)).totalBonusCents).toBe(10_000);
    await t.ctx.mailer.idle();
    expect(await findMailTo(t.db, referrer.input.email, 'referral_bonus')).toHaveLength(1);
  });

  it('pays nothing when the programme is switched off (bonus 0) or there is no referrer', async () => {
    await t.db.execute(
      sql`UPDATE settings SET value = '0'::jsonb WHERE key = 'referral_bonus_cents'`,
    );
    try {
      const referrer = await registerUser(t.app);
      const referred = await registerUser(t.app, { referrerId: referrer.user.referralId });
      await admin.post(`/api/admin/users/${referred.user.id}/activate`);
      expect(await bonusTransactions(referrer.client)).toEqual([]);
      const listing = (await referrer.client.get('/api/profile/referrals')).json<{
        bonusCents: number;
      }>();
      expect(listing.bonusCents).toBe(0);
    } finally {
      await t.db.execute(
        sql`UPDATE settings SET value = '10000'::jsonb WHERE key = 'referral_bonus_cents'`,
      );
    }
  });
});
