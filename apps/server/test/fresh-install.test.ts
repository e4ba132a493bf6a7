import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './harness';

/** What a first start gives a visitor before any operator has changed anything. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { withdrawalFeePct: null });
});
afterAll(() => t.close());

describe('a fresh install', () => {
  it('features no demo plan: "Featured" is the operator\'s choice, never the seed\'s', async () => {
    const response = await new TestClient(t.app).get('/api/plans');
    expect(response.statusCode).toBe(200);
    const { plans } = response.json<{ plans: { title: string; recommended: boolean }[] }>();
    expect(plans.map((plan) => plan.title)).toEqual(['Basic', 'Silver', 'Gold', 'Platinum']);
    expect(plans.filter((plan) => plan.recommended)).toEqual([]);
  });

  it('charges no withdrawal fee: the schedule is 0 until the operator sets one', async () => {
    const response = await new TestClient(t.app).get('/api/settings/fees');
    expect(response.statusCode).toBe(200);
    const { methods } = response.json<{ methods: { feePct: string; feeFixedCents: number }[] }>();
    expect(methods).toHaveLength(3);
    for (const method of methods) expect(method).toMatchObject({ feePct: '0', feeFixedCents: 0 });
  });
});
