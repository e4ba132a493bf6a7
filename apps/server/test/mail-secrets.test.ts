import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMailbox } from '../src/modules/mail/mailbox';
import { createTestApp, registerUser, TestClient, type TestApp } from './harness';
import { linksIn, latestMailboxMail } from './mailbox-helpers';
import { adminClient } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OutboxItem {
  to: string;
  template: string;
  text: string;
  html: string;
}

/** Every outbox item an admin can read through the API, page after page. */
async function everythingStaffCanRead(
  admin: TestClient,
): Promise<{ items: OutboxItem[]; raw: string }> {
  const items: OutboxItem[] = [];
  let raw = '';
  let before: string | null = null;
  do {
    const page = await admin.get(`/api/admin/outbox?limit=100${before ? `&before=${before}` : ''}`);
    expect(page.statusCode).toBe(200);
    raw += page.body;
    const body = page.json<{ items: OutboxItem[]; nextCursor: string | null }>();
    items.push(...body.items);
    before = body.nextCursor;
  } while (before);
  return { items, raw };
}

const decodeHtml = (html: string) =>
  html.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));

/** Tries a (userId, secret) pair on every endpoint that takes one; returns the status codes. */
async function tryEverywhere(userId: string, secret: string): Promise<number[]> {
  const client = new TestClient(t.app);
  const reset = await client.put('/api/auth/recovery', {
    userId,
    secret,
    password: 'taken-over-password',
  });
  const verify = await client.put('/api/auth/verification', { userId, secret });
  return [reset.statusCode, verify.statusCode];
}

describe('staff never see a usable secret', () => {
  it('no link or token in any outbox body an admin can read works; the mailbox copies do', async () => {
    const admin = await adminClient(t);
    // Every template that carries a secret: sign-up (verification), a second verification
    // request, password recovery (twice), and a password change (no secret) for good measure.
    const victim = await registerUser(t.app, { name: 'Vera Victim' });
    expect((await victim.client.post('/api/auth/verification')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const asked = await new TestClient(t.app).post('/api/auth/recovery', {
        email: victim.input.email,
      });
      expect(asked.statusCode).toBe(200);
    }
    const other = await registerUser(t.app, { name: 'Otto Other' });
    expect(
      (
        await other.client.post('/api/auth/password', {
          oldPassword: other.input.password,
          password: 'other-new-password',
        })
      ).statusCode,
    ).toBe(200);
    await new TestClient(t.app).post('/api/auth/recovery', { email: other.input.email });
    await t.ctx.mailer.idle();

    const { items, raw } = await everythingStaffCanRead(admin);
    const templates = new Set(items.map((item) => item.template));
    for (const template of ['welcome', 'verify_email', 'recovery', 'password_changed']) {
      expect(templates.has(template), template).toBe(true);
    }

    // The recipients' copies: every secret that was really sent.
    const mailbox = await readMailbox(t.mailbox);
    const realSecrets = mailbox
      .filter((mail) => mail.template === 'recovery' || mail.template === 'verify_email')
      .flatMap((mail) => linksIn(mail.text))
      .map((link) => link.searchParams.get('secret') ?? '');
    expect(realSecrets).toHaveLength(6); // 2 sign-up verifications, 1 re-sent, 3 recoveries
    for (const secret of realSecrets) {
      expect(secret.length).toBeGreaterThanOrEqual(22);
      expect(raw).not.toContain(secret);
    }

    // Every link in every body (text and HTML), and every token-like string, tried as a secret.
    const userIds = [victim.user.id, other.user.id];
    let attempts = 0;
    for (const item of items) {
      const bodies = [item.text, decodeHtml(item.html)];
      if (item.template === 'recovery' || item.template === 'verify_email') {
        expect(item.text).toContain('secret=[redacted]');
        expect(item.html).not.toMatch(/href="[^"]*secret=/);
      }
      for (const link of bodies.flatMap(linksIn)) {
        const userId = link.searchParams.get('userId');
        const secret = link.searchParams.get('secret');
        if (userId === null || secret === null) continue;
        for (const status of await tryEverywhere(userId, secret)) expect(status).toBe(400);
        attempts += 1;
      }
      const tokens = new Set(bodies.flatMap((body) => body.match(/[A-Za-z0-9_-]{16,}/g) ?? []));
      for (const token of tokens) {
        for (const userId of userIds) {
          for (const status of await tryEverywhere(userId, token)) expect(status).toBe(400);
          attempts += 1;
        }
      }
    }
    expect(attempts).toBeGreaterThanOrEqual(6);

    // Nobody's password or verification changed.
    const still = await new TestClient(t.app).post('/api/auth/login', {
      email: victim.input.email,
      password: victim.input.password,
    });
    expect(still.statusCode).toBe(200);
    expect((await victim.client.get('/api/auth/me')).json()).toMatchObject({
      user: { emailVerified: false },
    });

    // The same messages as the recipient got them do work (so the attempts above could have).
    const verifyLink = linksIn(
      (await latestMailboxMail(t, victim.input.email, 'verify_email')).text,
    )[0];
    const verified = await victim.client.put('/api/auth/verification', {
      userId: verifyLink?.searchParams.get('userId'),
      secret: verifyLink?.searchParams.get('secret'),
    });
    expect(verified.statusCode).toBe(200);
    const resetLink = linksIn((await latestMailboxMail(t, victim.input.email, 'recovery')).text)[0];
    const reset = await new TestClient(t.app).put('/api/auth/recovery', {
      userId: resetLink?.searchParams.get('userId'),
      secret: resetLink?.searchParams.get('secret'),
      password: 'victim-chose-this',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('keeps the recipient copy only sealed, and deletes it once delivered', async () => {
    const { input } = await registerUser(t.app, { name: 'Sam Sealed' });
    await t.ctx.mailer.idle();
    const rows = await t.db.execute<{
      template: string;
      status: string;
      sealed_body: string | null;
      text_body: string;
    }>(
      sql`SELECT template, status, sealed_body, text_body FROM mail_outbox WHERE to_address = ${input.email}`,
    );
    expect(rows.rows.map((row) => [row.template, row.status, row.sealed_body]).sort()).toEqual([
      ['verify_email', 'captured', null],
      ['welcome', 'captured', null],
    ]);
    const verify = rows.rows.find((row) => row.template === 'verify_email');
    const delivered = await latestMailboxMail(t, input.email, 'verify_email');
    const secret = linksIn(delivered.text)[0]?.searchParams.get('secret') ?? '';
    expect(secret).not.toBe('');
    expect(verify?.text_body).not.toContain(secret);
    expect(verify?.text_body).toBe(delivered.text.replace(secret, '[redacted]'));
  });

  it('refuses, at the database, a sealed copy on a delivered message', async () => {
    await expect(
      t.db.execute(sql`
        INSERT INTO mail_outbox (to_address, subject, text_body, html_body, template, status, sealed_body)
        VALUES ('x@test.local', 's', 't', 'h', 'recovery', 'sent', 'v1.abc')`),
    ).rejects.toThrow();
  });
});
