import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailOutbox } from '../src/db/schema';
import { readMailbox } from '../src/modules/mail/mailbox';
import { enqueueMails } from '../src/modules/mail/outbox.repo';
import { createTestApp, type TestApp } from './harness';

const mail = (to: string, n: number) => ({
  to,
  content: { template: 'test', subject: `Test ${n}`, text: `text ${n}`, html: `<p>${n}</p>` },
});

async function rowsTo(t: TestApp, addresses: string[]) {
  return t.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
}

async function deliverNow(t: TestApp): Promise<void> {
  t.ctx.mailer.kick();
  await t.ctx.mailer.idle();
}

describe('mail outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes more than one batch from a burst of kicks to the development mailbox, each message once', async () => {
    const addresses = Array.from({ length: 45 }, (_, i) => `captured-${i}@test.local`);
    await enqueueMails(
      t.db,
      addresses.map((to, i) => mail(to, i)),
    );
    t.ctx.mailer.kick();
    t.ctx.mailer.kick();
    await deliverNow(t);
    const rows = await rowsTo(t, addresses);
    expect(rows).toHaveLength(45);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'captured', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    const received = (await readMailbox(t.mailbox)).filter((m) => addresses.includes(m.to));
    expect(received.map((m) => m.to).sort()).toEqual([...addresses].sort());
    expect(received.find((m) => m.to === 'captured-7@test.local')).toMatchObject({
      subject: 'Test 7',
      template: 'test',
      text: 'text 7',
    });
  });

  it('makes the mailbox again when it has been removed, readable by this user only', async () => {
    await fs.rm(t.mailbox, { recursive: true, force: true });
    await enqueueMails(t.db, [mail('after-removal@test.local', 1)]);
    await deliverNow(t);
    const [row] = await rowsTo(t, ['after-removal@test.local']);
    expect(row).toMatchObject({ status: 'captured', lastError: null });
    expect((await fs.stat(t.mailbox)).mode & 0o777).toBe(0o700);
    const received = await readMailbox(t.mailbox);
    expect(received.map((m) => m.to)).toContain('after-removal@test.local');
  });

  it('gives up on a sealed message it cannot open (another key), delivers nothing and drops the seal', async () => {
    await enqueueMails(t.db, [
      {
        to: 'sealed-elsewhere@test.local',
        content: { ...mail('sealed-elsewhere@test.local', 0).content, sealedBody: 'v1.AAAAAAAA' },
      },
    ]);
    await deliverNow(t);
    const [row] = await rowsTo(t, ['sealed-elsewhere@test.local']);
    expect(row).toMatchObject({ status: 'failed', sealedBody: null });
    expect(row?.lastError).toBe('sealed body cannot be opened with this key');
    const received = await readMailbox(t.mailbox);
    expect(received.filter((m) => m.to === 'sealed-elsewhere@test.local')).toEqual([]);
  });
});

describe('mail outbox over SMTP that refuses some recipients', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const accepted: string[] = [];
  let refuseOnce = true;
  let open = 0;
  let peakOpen = 0;
  let connections = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        open += 1;
        peakOpen = Math.max(peakOpen, open);
        callback();
      },
      onClose() {
        open -= 1;
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) return callback(new Error('550 no such user'));
        if (address.address.startsWith('flaky') && refuseOnce) {
          refuseOnce = false;
          return callback(new Error('451 try again later'));
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends, retries a failure on the next run, and gives up after five attempts', async () => {
    const addresses = ['ok@test.local', 'flaky@test.local', 'bounce@test.local'];
    await enqueueMails(
      t.db,
      addresses.map((to, i) => mail(to, i)),
    );
    await deliverNow(t);
    const byAddress = async () =>
      new Map((await rowsTo(t, addresses)).map((row) => [row.toAddress, row]));
    let rows = await byAddress();
    expect(rows.get('ok@test.local')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows.get('flaky@test.local')).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows.get('flaky@test.local')?.lastError).toContain('451');
    expect(rows.get('bounce@test.local')).toMatchObject({ status: 'pending', attempts: 1 });

    await deliverNow(t);
    rows = await byAddress();
    expect(rows.get('flaky@test.local')).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
    expect(rows.get('ok@test.local')).toMatchObject({ status: 'sent', attempts: 1 });

    for (let run = 3; run <= 6; run += 1) await deliverNow(t);
    rows = await byAddress();
    expect(rows.get('bounce@test.local')).toMatchObject({ status: 'failed', attempts: 5 });
    expect(rows.get('bounce@test.local')?.lastError).toContain('550');
    expect(accepted.filter((a) => a === 'ok@test.local')).toHaveLength(1);
    expect(accepted.filter((a) => a === 'flaky@test.local')).toHaveLength(1);
  });

  it('delivers a batch over a few connections at once, each used for several messages', async () => {
    const addresses = Array.from({ length: 15 }, (_, i) => `pooled-${i}@test.local`);
    await enqueueMails(
      t.db,
      addresses.map((to, i) => mail(to, i)),
    );
    const connectionsBefore = connections;
    peakOpen = open;
    await deliverNow(t);
    const rows = await rowsTo(t, addresses);
    expect(rows.map((row) => row.status)).toEqual(addresses.map(() => 'sent'));
    expect(accepted.filter((a) => a.startsWith('pooled-')).sort()).toEqual([...addresses].sort());
    // Side by side: more than one session open at a time; pooled: at most five, never one per message.
    expect(peakOpen).toBeGreaterThan(1);
    expect(peakOpen).toBeLessThanOrEqual(5);
    expect(connections - connectionsBefore).toBeLessThanOrEqual(5);
  });
});
