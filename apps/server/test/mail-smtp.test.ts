import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BANNED_COPY_PATTERNS } from '@app/shared/risk';
import { parseMessage } from '../src/modules/mail/mailbox';
import { createTestApp, registerUser, TestClient, type TestApp } from './harness';
import { linksIn } from './mailbox-helpers';
import { adminClient, fund, methodIds } from './money-helpers';
import { startSmtpPeer, type Received } from './smtp-peer';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let received: Received[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  received = smtp.received;
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const TEMPLATES = [
  'welcome',
  'verify_email',
  'recovery',
  'account_activated',
  'referral_bonus',
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_requested',
  'withdrawal_support',
  'withdrawal_paid',
  'withdrawal_rejected',
  'contact',
];

describe('e-mail over a real SMTP server on loopback', () => {
  it('delivers every template with a text and an HTML part, branded, and without promised returns', async () => {
    const admin = await adminClient(t);
    const referrer = await registerUser(t.app, { name: 'Rosa Referrer' });
    const user = await registerUser(t.app, {
      name: 'Mail Tester',
      referrerId: referrer.user.referralId,
    });
    await new TestClient(t.app).post('/api/auth/recovery', { email: user.input.email });
    await admin.post(`/api/admin/users/${user.user.id}/activate`);
    await fund(t, admin, user.client, 50_000);
    const { crypto } = await methodIds(t);
    const rejected = await user.client.post('/api/deposits', { methodId: crypto, amount: '10' });
    await admin.post(
      `/api/admin/deposits/${rejected.json<{ transaction: { id: string } }>().transaction.id}/reject`,
      {
        reason: 'No payment arrived',
      },
    );
    const withdraw = async () =>
      (
        await user.client.post('/api/withdrawals', {
          method: 'crypto',
          methodId: crypto,
          walletAddress: 'bc1qmailtestmailtestmailtest',
          amount: '20',
        })
      ).json<{ transaction: { id: string } }>().transaction.id;
    await admin.post(`/api/admin/withdrawals/${await withdraw()}/pay`);
    await admin.post(`/api/admin/withdrawals/${await withdraw()}/reject`, {
      reason: 'Wallet address mismatch',
    });
    await new TestClient(t.app).post('/api/contact', {
      name: 'Guest',
      email: 'guest@example.com',
      message: 'Hi',
    });

    await t.ctx.mailer.idle();
    t.ctx.mailer.kick();
    await t.ctx.mailer.idle();

    const outbox = await t.db.execute<{
      template: string;
      status: string;
      subject: string;
      text_body: string;
      html_body: string;
    }>(sql`SELECT template, status, subject, text_body, html_body FROM mail_outbox`);
    const templates = new Set(outbox.rows.map((row) => row.template));
    for (const template of TEMPLATES) expect(templates.has(template), template).toBe(true);
    expect(outbox.rows.filter((row) => row.status !== 'sent')).toEqual([]);
    for (const row of outbox.rows) {
      for (const pattern of BANNED_COPY_PATTERNS) {
        expect(
          pattern.test(row.subject + row.text_body + row.html_body),
          `${row.template}: ${String(pattern)}`,
        ).toBe(false);
      }
      expect(row.html_body).toContain('Nestrado');
    }

    expect(received).toHaveLength(outbox.rows.length);
    for (const message of received) {
      expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(message.raw).toMatch(/Content-Type: text\/plain/i);
      expect(message.raw).toMatch(/Content-Type: text\/html/i);
      expect(message.raw).toMatch(/^From: no-reply@nestrado\.local/im);
    }
    const welcome = received.find(
      (m) => m.to.includes(user.input.email) && /Subject: Welcome to Nestrado/.test(m.raw),
    );
    expect(welcome).toBeDefined();

    // The recovery link reaches the mailbox over SMTP and works; the stored copy is redacted and
    // its sealed recipient copy was deleted once the server accepted it.
    const recovery = received
      .map((m) => parseMessage('smtp', m.raw))
      .find((m) => m.to === user.input.email && m.template === 'recovery');
    const link = linksIn(recovery?.text ?? '')[0];
    const secret = link?.searchParams.get('secret') ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(22);
    const stored = outbox.rows.find((row) => row.template === 'recovery');
    expect(stored?.text_body).toBe(recovery?.text.replace(secret, '[redacted]'));
    const sealed = await t.db.execute<{ n: number }>(
      sql`SELECT count(sealed_body)::int AS n FROM mail_outbox`,
    );
    expect(sealed.rows[0]?.n).toBe(0);
    const reset = await new TestClient(t.app).put('/api/auth/recovery', {
      userId: user.user.id,
      secret,
      password: 'mailed-new-password',
    });
    expect(reset.statusCode).toBe(200);
  });
});
