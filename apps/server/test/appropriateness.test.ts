import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type {
  AdminQuestionnaire,
  AdminUserAppropriateness,
  MyAppropriateness,
} from '@app/shared/schemas/appropriateness';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import { auditLog } from '../src/db/schema';
import { DEFAULT_QUESTIONNAIRE } from '../src/modules/appropriateness/domain/default-questionnaire';
import { approvedBySecondAdmin, expectError, registerUser, type TestClient } from './harness';
import { adminClient, auditAfterEach, fund, summaryOf } from './money-helpers';
import {
  type ScriptedTradingApp,
  silverAllInBtc,
  tickAt,
  useScriptedTradingApp,
} from './copy-trading-helpers';

/**
 * The appropriateness check before a new copy trade (issue 21), through the API: the server
 * refuses the first invest until the check is on record and, when it warned, acknowledged; money
 * already invested can always be added to, taken out and closed; the answers, score, result and
 * acknowledgement are kept per questionnaire version and shown to admins.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
let silverId: string;

/** Knowing answers (10 of 10) and a novice's (2 of 10: one right answer, no experience). */
const KNOWING = {
  copy_experience: 'regularly',
  crypto_experience: 'regularly',
  shared_losses: 'loses_too',
  volatility: 'fall_fast',
  past_performance: 'history_only',
};
const NOVICE = {
  copy_experience: 'never',
  crypto_experience: 'never',
  shared_losses: 'platform_pays',
  volatility: 'fall_fast',
  past_performance: 'future_return',
};

useScriptedTradingApp((made) => (t = made));
beforeAll(async () => {
  admin = await adminClient(t);
  silverId = (await silverAllInBtc(t, admin, 0)).silver.id;
  await tickAt(t, { BTCUSDT: '100000.00' });
}, 120_000);
auditAfterEach(() => t);

/** Active and funded with $5,000, but without the check (money-helpers' activeUser takes it). */
async function freshInvestor(name: string) {
  const registered = await registerUser(t.app, { name });
  await t.db.execute(
    sql`UPDATE users SET is_active = true, activated_at = now() WHERE id = ${registered.user.id}`,
  );
  await fund(t, admin, registered.client, 500_000);
  return registered;
}

const invest = (client: TestClient, planId = silverId) =>
  client.post('/api/trades', { planId, amount: '1000' });

async function mine(client: TestClient): Promise<MyAppropriateness> {
  const response = await client.get('/api/appropriateness');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyAppropriateness>();
}

async function auditActions(userId: string, action: string): Promise<number> {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)));
  return rows.length;
}

describe('the appropriateness check before the first copy trade', () => {
  it('refuses the first invest until the check is taken; a knowing user then invests', async () => {
    const { client, user } = await freshInvestor('Ada Assessed');
    const before = await summaryOf(client);
    const refused = await invest(client);
    expect(refused.statusCode).toBe(409);
    expectError(refused, { code: 'APPROPRIATENESS_REQUIRED', params: { reason: 'not_taken' } });
    // Nothing changed: no trade, not a cent moved.
    expect(await summaryOf(client)).toEqual(before);

    const start = await mine(client);
    expect(start).toMatchObject({ required: true, standing: 'not_taken', assessment: null });
    expect(start.questionnaire.version).toBe(1);
    expect(start.questionnaire.questions.map((q) => q.id)).toEqual(
      DEFAULT_QUESTIONNAIRE.questions.map((q) => q.id),
    );
    // The user is not shown the points.
    expect(JSON.stringify(start.questionnaire)).not.toContain('points');

    const taken = await client.post('/api/appropriateness', { version: 1, answers: KNOWING });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<MyAppropriateness>()).toMatchObject({
      standing: 'appropriate',
      assessment: { version: 1, result: 'appropriate', score: 10, maxScore: 10, passScore: 6 },
    });
    expect(await auditActions(user.id, 'appropriateness.assessed')).toBe(1);
    const opened = await invest(client);
    expect(opened.statusCode, opened.body).toBe(201);
  });

  it('a result that may not be appropriate needs the warning acknowledged, with the box ticked', async () => {
    const { client, user } = await freshInvestor('Nina Novice');
    const taken = await client.post('/api/appropriateness', { version: 1, answers: NOVICE });
    expect(taken.json<MyAppropriateness>()).toMatchObject({
      standing: 'warning_pending',
      assessment: { result: 'not_appropriate', score: 2, acknowledgedAt: null },
    });
    const refused = await invest(client);
    expect(refused.statusCode).toBe(409);
    expectError(refused, {
      code: 'APPROPRIATENESS_REQUIRED',
      params: { reason: 'warning_pending' },
    });

    const unticked = await client.post('/api/appropriateness/acknowledge', { acknowledged: false });
    expect(unticked.statusCode).toBe(400);
    expectError(unticked, {
      code: 'VALIDATION_FAILED',
      params: { rule: 'WARNING_ACKNOWLEDGEMENT_REQUIRED' },
    });
    expect((await mine(client)).standing).toBe('warning_pending');

    t.clock.advance(60_000);
    const acknowledged = await client.post('/api/appropriateness/acknowledge', {
      acknowledged: true,
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const after = acknowledged.json<MyAppropriateness>();
    expect(after.standing).toBe('warning_acknowledged');
    expect(after.assessment?.acknowledgedAt).toBe(t.clock.now().toISOString());
    expect(await auditActions(user.id, 'appropriateness.warning_acknowledged')).toBe(1);

    // A second tick keeps the first acknowledgement's time and writes no second entry.
    t.clock.advance(60_000);
    const again = await client.post('/api/appropriateness/acknowledge', { acknowledged: true });
    expect(again.json<MyAppropriateness>().assessment?.acknowledgedAt).toBe(
      after.assessment?.acknowledgedAt,
    );
    expect(await auditActions(user.id, 'appropriateness.warning_acknowledged')).toBe(1);

    expect((await invest(client)).statusCode).toBe(201);
  });

  it('an appropriate result has no warning to acknowledge', async () => {
    const { client } = await freshInvestor('Kai Knows');
    expect(
      (await client.post('/api/appropriateness/acknowledge', { acknowledged: true })).json(),
    ).toMatchObject({ error: { code: 'APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE' } });
    await client.post('/api/appropriateness', { version: 1, answers: KNOWING });
    const response = await client.post('/api/appropriateness/acknowledge', { acknowledged: true });
    expect(response.statusCode).toBe(409);
    expectError(response, { code: 'APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE' });
  });

  it('answers name the question left out or answered with something not offered; nothing is kept', async () => {
    const { client, user } = await freshInvestor('Ben Blank');
    const { past_performance: _left, ...missing } = KNOWING;
    const noAnswer = await client.post('/api/appropriateness', { version: 1, answers: missing });
    expect(noAnswer.statusCode).toBe(400);
    expectError(noAnswer, {
      code: 'APPROPRIATENESS_ANSWER_MISSING',
      field: 'answers.past_performance',
    });
    const unknown = await client.post('/api/appropriateness', {
      version: 1,
      answers: { ...KNOWING, volatility: 'moon' },
    });
    expect(unknown.statusCode).toBe(400);
    expectError(unknown, { code: 'APPROPRIATENESS_ANSWER_UNKNOWN', field: 'answers.volatility' });
    const stray = await client.post('/api/appropriateness', {
      version: 1,
      answers: { ...KNOWING, income: 'high' },
    });
    expectError(stray, { code: 'APPROPRIATENESS_ANSWER_UNKNOWN', field: 'answers.income' });
    const future = await client.post('/api/appropriateness', { version: 7, answers: KNOWING });
    expect(future.statusCode).toBe(409);
    expectError(future, { code: 'APPROPRIATENESS_QUESTIONNAIRE_CHANGED', field: 'version' });
    expect((await mine(client)).standing).toBe('not_taken');
    expect(await auditActions(user.id, 'appropriateness.assessed')).toBe(0);
  });

  it('money already invested can always be added to, taken out and closed, whatever the check says', async () => {
    const { client } = await freshInvestor('Otto Open');
    await client.post('/api/appropriateness', { version: 1, answers: KNOWING });
    const opened = await invest(client);
    expect(opened.statusCode, opened.body).toBe(201);
    const { trade } = opened.json<{ trade: CurrentTrade }>();
    // Taken again, with a novice's answers: the warning now waits for an acknowledgement.
    await client.post('/api/appropriateness', { version: 1, answers: NOVICE });
    expect((await mine(client)).standing).toBe('warning_pending');

    const added = await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '500' });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await client.post(`/api/trades/${trade.id}/remove-funds`, { amount: '200' });
    expect(removed.statusCode, removed.body).toBe(200);
    const closed = await client.post(`/api/trades/${trade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    // A new trade is another matter.
    expectError(await invest(client), {
      code: 'APPROPRIATENESS_REQUIRED',
      params: { reason: 'warning_pending' },
    });
  });

  it('admins see every assessment with its answers, score, result and acknowledgement; others cannot', async () => {
    const { client, user } = await freshInvestor('Vera Viewed');
    await client.post('/api/appropriateness', { version: 1, answers: NOVICE });
    t.clock.advance(1000);
    await client.post('/api/appropriateness/acknowledge', { acknowledged: true });
    const acknowledgedAt = t.clock.now().toISOString();

    const seen = await admin.get(`/api/admin/appropriateness/users/${user.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const body = seen.json<AdminUserAppropriateness>();
    expect(body.standing).toBe('warning_acknowledged');
    expect(body.assessments).toHaveLength(1);
    expect(body.assessments[0]).toMatchObject({
      version: 1,
      result: 'not_appropriate',
      score: 2,
      passScore: 6,
      acknowledgedAt,
    });
    expect(body.assessments[0]?.answers).toContainEqual({
      questionId: 'shared_losses',
      question: DEFAULT_QUESTIONNAIRE.questions[2]?.text,
      optionId: 'platform_pays',
      answer: DEFAULT_QUESTIONNAIRE.questions[2]?.options[1]?.text,
      points: 0,
    });

    // The user's own download of their data holds the same.
    const exported = (await client.get('/api/account/export')).json<{
      appropriatenessAssessments: AdminUserAppropriateness['assessments'];
    }>();
    expect(exported.appropriatenessAssessments).toEqual(body.assessments);

    const other = await freshInvestor('Nosy Neighbour');
    expect((await other.client.get(`/api/admin/appropriateness/users/${user.id}`)).statusCode).toBe(
      403,
    );
    const unknown = await admin.get(
      '/api/admin/appropriateness/users/00000000-0000-7000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a new questionnaire version: answers to the old one are refused, kept assessments keep their questions', async () => {
    const { client: earlier, user: earlierUser } = await freshInvestor('Olga Oldversion');
    await earlier.post('/api/appropriateness', { version: 1, answers: KNOWING });

    const content = {
      passScore: 1,
      questions: [
        {
          id: 'understands_loss',
          text: { en: 'Can you lose money?', es: '¿Puedes perder dinero?', de: 'Geld verlieren?' },
          options: [
            { id: 'yes', text: { en: 'Yes', es: 'Sí', de: 'Ja' }, points: 1 },
            { id: 'no', text: { en: 'No', es: 'No', de: 'Nein' }, points: 0 },
          ],
        },
      ],
    };
    const unreachable = await admin.put('/api/admin/appropriateness/questionnaire', {
      content: { ...content, passScore: 5 },
    });
    expect(unreachable.statusCode).toBe(400);
    expectError(unreachable, { code: 'VALIDATION_FAILED', field: 'content.passScore' });
    const saved = await admin.put('/api/admin/appropriateness/questionnaire', { content });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminQuestionnaire>()).toMatchObject({ version: 2, content });

    const { client } = await freshInvestor('Nico Newversion');
    const stale = await client.post('/api/appropriateness', { version: 1, answers: KNOWING });
    expectError(stale, { code: 'APPROPRIATENESS_QUESTIONNAIRE_CHANGED' });
    const now = await mine(client);
    expect(now.questionnaire.version).toBe(2);
    const taken = await client.post('/api/appropriateness', {
      version: 2,
      answers: { understands_loss: 'yes' },
    });
    expect(taken.json<MyAppropriateness>().assessment).toMatchObject({
      version: 2,
      score: 1,
      maxScore: 1,
      result: 'appropriate',
    });
    // The user who answered version 1 still may invest, and the admin sees version 1's questions.
    expect((await invest(earlier)).statusCode).toBe(201);
    const kept = (
      await admin.get(`/api/admin/appropriateness/users/${earlierUser.id}`)
    ).json<AdminUserAppropriateness>();
    expect(kept.assessments[0]?.version).toBe(1);
    expect(kept.assessments[0]?.answers.map((a) => a.questionId)).toEqual(
      DEFAULT_QUESTIONNAIRE.questions.map((q) => q.id),
    );
    // Put the default back as version 3 for the tests after this one.
    const restored = await admin.put('/api/admin/appropriateness/questionnaire', {
      content: DEFAULT_QUESTIONNAIRE,
    });
    expect(restored.json<AdminQuestionnaire>().version).toBe(3);
  });

  it('the operator can switch the check off (audited); it is on by default', async () => {
    expect((await admin.get('/api/admin/settings/appropriateness')).json()).toEqual({
      appropriatenessRequired: true,
    });
    const { client } = await freshInvestor('Sam Switched');
    expect((await invest(client)).statusCode).toBe(409);
    // Turning a check off widens what one admin can do: it waits for a second admin.
    const asked = await admin.put('/api/admin/settings/appropriateness', {
      appropriatenessRequired: false,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await mine(client)).required).toBe(true);
    const off = await approvedBySecondAdmin(t, asked);
    expect(off.statusCode, off.body).toBe(200);
    expect((await mine(client)).required).toBe(false);
    expect((await invest(client)).statusCode).toBe(201);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.appropriateness_required_changed'));
    // Asked for by one admin, approved by another: both named.
    const details = entries.map((e) => e.details as Record<string, unknown>);
    expect(details.map(({ from, to }) => ({ from, to }))).toEqual([{ from: true, to: false }]);
    expect(details[0]?.requestedBy).not.toBe(details[0]?.approvedBy);
    // Turning it back on tightens: one admin may.
    const on = await admin.put('/api/admin/settings/appropriateness', {
      appropriatenessRequired: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const { client: next } = await freshInvestor('Sam Again');
    expect((await invest(next)).statusCode).toBe(409);
  });
});
