import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@app/shared/schemas/notifications';
import {
  createAlertMails,
  mailDueAlerts,
  notifyAll,
  type Alert,
} from '../src/modules/notifications';
import { eventually } from '@app/shared/test/eventually';
import { MAIL_LANGUAGES } from '../src/modules/notifications/notification.mail';
import { heldWrite, registerUser, useTestApp, type TestApp, type TestClient } from './harness';

/**
 * The e-mails of alerts a scheduled close writes in SQL marked `mail_due` (issue 43): written
 * after the closes, exactly as `notifyAll` writes them, each once — with two callers at once, in
 * batches, and across a failure in between.
 */

let t: TestApp;
useTestApp((made) => ({ t } = made));

async function put(client: TestClient, url: string, body: unknown) {
  const answer = await client.put(url, body);
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A user reading e-mail in `language`, with the given e-mail choices. */
async function reader(name: string, language: 'en' | 'es' | 'de', email = {}) {
  const { client, user } = await registerUser(t.app, { name });
  await put(client, '/api/notifications/preferences', { language, email });
  return user;
}

/** Stores `alerts` as a close does in SQL: the in-app records, their e-mails due. */
async function insertDue(alerts: readonly Alert[]) {
  await t.db.execute(sql`
    INSERT INTO notifications (user_id, type, params, mail_due)
    SELECT a.user_id, a.type, a.params, true
    FROM json_to_recordset(${JSON.stringify(
      alerts.map((a) => ({ user_id: a.userId, type: a.type, params: a.params })),
    )}::json) AS a(user_id uuid, type text, params jsonb)`);
}

/** `count` stop-loss alerts, one plan each (so every e-mail differs), spread over `userIds`. */
async function insertManyDue(userIds: readonly string[], count: number, tag: string) {
  await t.db.execute(sql`
    INSERT INTO notifications (user_id, type, params, mail_due)
    SELECT (${JSON.stringify(userIds)}::jsonb ->> (i % ${userIds.length}))::uuid,
      'trade_stopped_out',
      jsonb_build_object('tradeId', gen_random_uuid()::text, 'plan', ${tag} || ' ' || i,
        'amountCents', 100000, 'payoutCents', 90000 + i),
      true
    FROM generate_series(1, ${count}) AS i`);
}

/** The alerts' e-mails queued to `addresses` (not sign-up's), in a stable order (delivery state aside). */
async function outboxTo(addresses: readonly string[], db: Pick<TestApp['db'], 'execute'> = t.db) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT to_address, template, subject, text_body, html_body, sealed_body FROM mail_outbox
    WHERE to_address IN (SELECT value FROM json_array_elements_text(${JSON.stringify(addresses)}::json))
      AND template IN (SELECT value FROM json_array_elements_text(${JSON.stringify(NOTIFICATION_TYPES)}::json))
    ORDER BY to_address, template, subject, text_body`);
  return rows;
}

async function dueCount(): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE mail_due`,
  );
  return rows[0]?.n ?? -1;
}

async function emailsOf(userIds: readonly string[]): Promise<string[]> {
  const { rows } = await t.db.execute<{ email: string }>(sql`
    SELECT email FROM users
    WHERE id IN (SELECT value::uuid FROM json_array_elements_text(${JSON.stringify(userIds)}::json))`);
  return rows.map((row) => row.email);
}

class RolledBack extends Error {}

describe('alert e-mails written after the closes', () => {
  it('are exactly the e-mails notifyAll writes for the same alerts, each alert cleared', async () => {
    const ana = await reader('Ana <b>Stop</b> & "Co"', 'es', { strategy_paused: true });
    const dieter = await reader('Dieter Müller', 'de');
    const eve = await reader('Eve English', 'en');
    const quiet = await reader('Cy Quiet', 'en', { trade_stopped_out: false });
    const gone = await reader('Gone Away', 'de');
    await t.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    const closed = (type: NotificationType, plan: string, practice?: boolean) =>
      ({
        type,
        params: {
          tradeId: crypto.randomUUID(),
          plan,
          amountCents: 125_000,
          payoutCents: 110_050,
          ...(practice ? { practice } : {}),
        },
      }) as const;
    const paused = { type: 'strategy_paused', params: { strategyId: 's1', strategy: 'Sí' } };
    const anaStop = closed('trade_stopped_out', 'Silver');
    const dieterEnd = closed('trade_term_ended', 'Silber & <Gold>');
    const alerts = [
      { userId: ana.id, ...anaStop },
      { userId: ana.id, ...closed('trade_take_profit', 'Gold', true) },
      { userId: ana.id, ...paused },
      { userId: dieter.id, ...dieterEnd },
      { userId: dieter.id, ...paused },
      { userId: eve.id, ...closed('trade_take_profit', 'Bronze') },
      { userId: quiet.id, ...closed('trade_stopped_out', 'Silver') },
      { userId: quiet.id, ...closed('trade_take_profit', 'Silver') },
      { userId: gone.id, ...closed('trade_stopped_out', 'Silver') },
    ] as Alert[];
    const addresses = await emailsOf([ana.id, dieter.id, eve.id, quiet.id, gone.id]);

    // What notifyAll queues for these alerts, in a transaction rolled back.
    let expected: Record<string, unknown>[] = [];
    await t.db
      .transaction(async (tx) => {
        await notifyAll(t.ctx, tx, alerts);
        expected = await outboxTo(addresses, tx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(await outboxTo(addresses)).toEqual([]);

    await insertDue(alerts);
    expect(await mailDueAlerts(t.ctx)).toBe(alerts.length);

    const written = await outboxTo(addresses);
    expect(written).toEqual(expected);
    // Ana's three (she turned the pause e-mail on), Dieter's term end (the pause e-mail is off by
    // default), Eve's and Cy's take-profits (only his stop-loss e-mail is off); none to the
    // deleted user.
    expect(written.map((row) => row.template).sort()).toEqual([
      'strategy_paused',
      'trade_stopped_out',
      'trade_take_profit',
      'trade_take_profit',
      'trade_take_profit',
      'trade_term_ended',
    ]);
    // Each in its reader's language (notifyAll's own language is checked by notifications.test).
    const [anaAddress] = await emailsOf([ana.id]);
    const [dieterAddress] = await emailsOf([dieter.id]);
    const subjectTo = (to: string | undefined, template: string) =>
      written.find((row) => row.to_address === to && row.template === template)?.subject;
    expect(subjectTo(anaAddress, 'trade_stopped_out')).toBe(
      MAIL_LANGUAGES.es.write.trade_stopped_out(anaStop.params).subject,
    );
    expect(subjectTo(dieterAddress, 'trade_term_ended')).toBe(
      MAIL_LANGUAGES.de.write.trade_term_ended(dieterEnd.params).subject,
    );
    expect(await dueCount()).toBe(0);

    // Nothing is due any more: a second call writes nothing.
    expect(await mailDueAlerts(t.ctx)).toBe(0);
    expect(await outboxTo(addresses)).toEqual(expected);
  });

  it('takes more than a batch, and two callers at once write each e-mail once', async () => {
    const users = await Promise.all(['One', 'Two', 'Three'].map((n) => reader(n, 'en')));
    const ids = users.map((user) => user.id);
    const addresses = await emailsOf(ids);

    await insertManyDue(ids, 1_201, 'Alone');
    expect(await mailDueAlerts(t.ctx)).toBe(1_201);
    expect(await dueCount()).toBe(0);
    expect(await outboxTo(addresses)).toHaveLength(1_201);

    await insertManyDue(ids, 2_300, 'Together');
    const handled = await Promise.all([mailDueAlerts(t.ctx), mailDueAlerts(t.ctx)]);
    expect(handled[0] + handled[1]).toBe(2_300);
    expect(await dueCount()).toBe(0);
    const mails = await outboxTo(addresses);
    expect(mails).toHaveLength(1_201 + 2_300);
    // Every alert's e-mail differs (its plan and payout): none was queued twice.
    expect(
      new Set(mails.map((mail) => `${String(mail.to_address)} ${String(mail.text_body)}`)).size,
    ).toBe(1_201 + 2_300);
  });

  it('leaves the alerts due when writing their e-mails fails, and writes them at the next kick', async () => {
    const user = await reader('Fay Fail', 'en');
    const addresses = await emailsOf([user.id]);
    await insertManyDue([user.id], 600, 'Failing');
    // The outbox refuses every e-mail, as a crash between the lock and the commit would lose them.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox down'; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_mail()`);
    const worker = createAlertMails(t.ctx);
    try {
      const failed = await mailDueAlerts(t.ctx).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).cause).toMatchObject({ message: 'outbox down' });
      // The worker logs the failure and carries on; nothing is lost.
      worker.kick();
      worker.kick();
      await worker.settled();
      expect(await dueCount()).toBe(600);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_mail ON mail_outbox`);
      await t.db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    expect(await outboxTo(addresses)).toEqual([]);

    worker.kick();
    worker.kick();
    await worker.settled();
    expect(await dueCount()).toBe(0);
    expect(await outboxTo(addresses)).toHaveLength(600);
  });

  it('runs again after a kick that came while it ran', async () => {
    const user = await reader('Kim Kick', 'en');
    const addresses = await emailsOf([user.id]);
    const worker = createAlertMails(t.ctx);
    await insertManyDue([user.id], 10, 'First');
    // The outbox held, the run locks the first ten and waits to queue their e-mails.
    await t.ctx.mailer.idle();
    const outbox = await heldWrite(t, 'LOCK TABLE mail_outbox IN EXCLUSIVE MODE', []);
    worker.kick();
    await eventually(async () => {
      const { rows } = await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
          AND query LIKE '%INSERT INTO mail_outbox%'`);
      expect(rows[0]?.n).toBe(1);
    });
    // Alerts committed after the run read the due ones: only a run after it can see them.
    await insertManyDue([user.id], 5, 'Later');
    worker.kick();
    await outbox.commit();
    await worker.settled();
    expect(await dueCount()).toBe(0);
    expect(await outboxTo(addresses)).toHaveLength(15);
  });
});
