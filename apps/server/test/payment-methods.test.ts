import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import {
  approvedBySecondAdmin,
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
