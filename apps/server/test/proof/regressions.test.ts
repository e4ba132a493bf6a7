import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../harness';

/** Bugs the fuzzer found, each pinned by the smallest request that showed it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('answers from the router itself', () => {
  it('a bad percent-escape in the path is a 400 in the {error:{code,message}} shape', async () => {
    const response = await new TestClient(t.app).get('/api/transactions/%zz');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The address is not valid' },
    });
  });

  it('an over-long path parameter is a 414 in the {error:{code,message}} shape', async () => {
    const response = await new TestClient(t.app).delete(`/api/auth/sessions/${'x'.repeat(200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The address is too long' },
    });
  });
});
