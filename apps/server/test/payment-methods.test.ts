import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import {
  approvedBySecondAdmin,
  checkerAdmin,
  registerUser,
  type TestClient,
  type TestApp,
  useTestApp,
} from './harness';

let t: TestApp;
let admin: TestClient;
useTestApp((made) => ({ t, admin } = made));

async function methodsSeenBy(client: TestClient): Promise<PaymentMethod[]> {
  const response = await client.get('/api/payment-methods');
  expect(response.statusCode).toBe(200);
  return response.json<{ methods: PaymentMethod[] }>().methods;
}

async function demoOnOverview(): Promise<string[]> {
  const response = await admin.get('/api/admin/overview');
  expect(response.statusCode).toBe(200);
  return response.json<{ demoPaymentMethods: string[] }>().demoPaymentMethods;
}

describe('demo payment methods (placeholder details from the first-start seed)', () => {
  it('are flagged demo for investors and named on the admin overview', async () => {
    const { client } = await registerUser(t.app);
    const methods = await methodsSeenBy(client);
    expect(methods.map((m) => [m.name, m.isDemo])).toEqual([
      ['Bitcoin', true],
      ['Tether', true],
      ['Bank Transfer', true],
    ]);
    expect(await demoOnOverview()).toEqual(['Bitcoin (BTC)', 'Tether (TRC20)', 'Bank Transfer']);
  });

  it('stay demo when only the name changes, and stop being demo when the details are replaced', async () => {
    const { client } = await registerUser(t.app);
    const [bitcoin, , bank] = await methodsSeenBy(client);
    if (!bitcoin || !bank) throw new Error('seeded methods missing');

    const renamed = await admin.request('PATCH', `/api/admin/payment-methods/${bitcoin.id}`, {
      name: 'Bitcoin',
      sortOrder: 1,
    });
    expect(renamed.json<{ method: PaymentMethod }>().method.isDemo).toBe(true);

    // Where money goes: the new address waits for a second admin; investors see the old one.
    const asked = await admin.request('PATCH', `/api/admin/payment-methods/${bitcoin.id}`, {
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{ approval: { id: string; kind: string } }>();
    expect(approval.kind).toBe('setting_change');
    expect((await methodsSeenBy(client))[0]?.address).toBe(bitcoin.address);
    const own = await admin.post(`/api/admin/approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    const replaced = await approvedBySecondAdmin(t, asked);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await methodsSeenBy(client))[0]).toMatchObject({
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      isDemo: false,
    });

    // The bank's note alone is not its details: still demo until the account changes.
    const noted = await admin.request('PATCH', `/api/admin/payment-methods/${bank.id}`, {
      referenceInstructions: 'Use your e-mail as the reference.',
    });
    expect(noted.json<{ method: PaymentMethod }>().method.isDemo).toBe(true);
    const account = await approvedBySecondAdmin(
      t,
      await admin.request('PATCH', `/api/admin/payment-methods/${bank.id}`, {
        bankName: 'Real Bank AG',
        accountNumber: 'DE89370400440532013000',
      }),
    );
    expect(account.statusCode, account.body).toBe(200);

    const seen = await methodsSeenBy(client);
    expect(seen.map((m) => [m.name, m.isDemo])).toEqual([
      ['Bitcoin', false],
      ['Tether', true],
      ['Bank Transfer', false],
    ]);
    expect(await demoOnOverview()).toEqual(['Tether (TRC20)']);
  });

  it('a method the admin creates is never demo; an empty address is refused naming the field', async () => {
    const asked = await admin.post('/api/admin/payment-methods', {
      kind: 'crypto',
      name: 'Ether',
      network: 'ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await approvedBySecondAdmin(t, asked)).statusCode).toBe(200);
    const method = (await admin.get('/api/admin/payment-methods'))
      .json<{ methods: PaymentMethod[] }>()
      .methods.find((m) => m.name === 'Ether');
    if (!method) throw new Error('the approved method is missing');
    expect(method.isDemo).toBe(false);

    const empty = await admin.request('PATCH', `/api/admin/payment-methods/${method.id}`, {
      address: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: { field: 'address', message: 'Address is required' },
    });
  });
});

describe('changes of where money goes, waiting for a second admin', () => {
  it('wait side by side for different methods, once for the same method', async () => {
    const { client } = await registerUser(t.app);
    const [bitcoin, tether] = await methodsSeenBy(client);
    if (!bitcoin || !tether) throw new Error('seeded methods missing');
    const ask = (id: string, address: string) =>
      admin.request('PATCH', `/api/admin/payment-methods/${id}`, { address });
    expect((await ask(bitcoin.id, 'bc1qfirstwaiting0000000000000000000000000')).statusCode).toBe(
      202,
    );
    expect((await ask(tether.id, 'TWaitingBesideTheOther000000000000')).statusCode).toBe(202);
    const again = await ask(bitcoin.id, 'bc1qsecondforthesame00000000000000000000');
    expect([again.statusCode, again.json<{ error: { code: string } }>().error.code]).toEqual([
      409,
      'APPROVAL_PENDING',
    ]);
  });
});

describe('the withdrawal fee is a term of each payment method', () => {
  it('a higher fee waits for a second admin and changes nothing until approved; a lower one applies at once', async () => {
    const { client } = await registerUser(t.app);
    // A method with no change waiting (earlier tests left some).
    const [free] = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id FROM payment_methods m WHERE retired_at IS NULL AND NOT EXISTS (
              SELECT 1 FROM money_approvals a
               WHERE a.status = 'pending' AND a.setting_key = 'payment_method:' || m.id)
            ORDER BY sort_order LIMIT 1`,
      )
    ).rows;
    const index = (await methodsSeenBy(client)).findIndex((method) => method.id === free?.id);
    const tether = (await methodsSeenBy(client))[index];
    if (!tether) throw new Error('no method free to change');
    expect(tether).toMatchObject({ withdrawalFeePct: '10', withdrawalFeeFixedCents: 0 });

    const asked = await admin.request('PATCH', `/api/admin/payment-methods/${tether.id}`, {
      withdrawalFeePct: '10',
      withdrawalFeeFixed: '1.25',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{
      approval: { change: { setting: string; from: string; to: string } };
    }>();
    expect(approval.change.setting).toBe('payment_method');
    expect(JSON.parse(approval.change.from)).toMatchObject({
      withdrawalFeePct: '10',
      withdrawalFeeFixed: 0,
    });
    expect(JSON.parse(approval.change.to)).toMatchObject({
      op: 'update',
      input: { withdrawalFeePct: '10', withdrawalFeeFixed: 125 },
    });
    expect((await methodsSeenBy(client))[index]?.withdrawalFeeFixedCents).toBe(0);
    expect((await approvedBySecondAdmin(t, asked)).statusCode).toBe(200);
    expect((await methodsSeenBy(client))[index]).toMatchObject({
      withdrawalFeePct: '10',
      withdrawalFeeFixedCents: 125,
    });

    const lowered = await admin.request('PATCH', `/api/admin/payment-methods/${tether.id}`, {
      withdrawalFeePct: '2.5',
      withdrawalFeeFixed: '0',
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json<{ method: PaymentMethod }>().method).toMatchObject({
      withdrawalFeePct: '2.5',
      withdrawalFeeFixedCents: 0,
    });
    const audit = await admin.get('/api/admin/audit?action=payment_method.updated');
    expect(audit.body).toContain('withdrawalFeePct');
  });

  it('a change of the old global fee asked before migration 0051 and approved after it sets every active method', async () => {
    const { client } = await registerUser(t.app);
    const [maker] = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id FROM users WHERE email = ${t.config.adminEmail ?? ''}`,
      )
    ).rows;
    if (!maker) throw new Error('admin missing');
    const [waiting] = (
      await t.db.execute<{ id: string }>(
        sql`INSERT INTO money_approvals
              (kind, amount_cents, requested_by, requested_at, setting_key, setting_value, setting_from)
            VALUES ('setting_change', 0, ${maker.id}, now(), 'withdrawal_fee_pct', '"7.5"', '"10"')
            RETURNING id`,
      )
    ).rows;
    if (!waiting) throw new Error('approval not stored');
    const approved = await (
      await checkerAdmin(t)
    ).post(`/api/admin/approvals/${waiting.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const fees = (await methodsSeenBy(client)).map((method) => method.withdrawalFeePct);
    expect(fees.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fees)).toEqual(new Set(['7.5']));
    await t.db.execute(sql`UPDATE payment_methods SET withdrawal_fee_pct = 10`);
  });
});
