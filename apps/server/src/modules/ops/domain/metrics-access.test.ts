import { describe, expect, it } from 'vitest';
import { isLoopback, metricsAccess } from './metrics-access';

describe('isLoopback', () => {
  it('accepts 127.0.0.0/8 and ::1 in every spelling, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of [
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      '1127.0.0.1',
      'fe80::1',
      undefined,
    ]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});

describe('metricsAccess', () => {
  const local = { socketAddress: '127.0.0.1', headers: {} };

  it('without a token: a direct loopback connection only', () => {
    expect(metricsAccess(local, undefined)).toBe('allowed');
    expect(metricsAccess({ socketAddress: '192.0.2.1', headers: {} }, undefined)).toBe('not-local');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(
        metricsAccess(
          { socketAddress: '127.0.0.1', headers: { [header]: '192.0.2.1' } },
          undefined,
        ),
        header,
      ).toBe('not-local');
    }
  });

  it('with a token: exactly that bearer token, from any address, loopback included', () => {
    const token = 'a-long-random-token';
    const remote = (authorization?: string) => ({
      socketAddress: '192.0.2.1',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(metricsAccess(remote(`Bearer ${token}`), token)).toBe('allowed');
    expect(metricsAccess(remote(`Bearer ${token}x`), token)).toBe('token-required');
    expect(metricsAccess(remote(`Basic ${token}`), token)).toBe('token-required');
    expect(metricsAccess(remote(token), token)).toBe('token-required');
    expect(metricsAccess(remote(), token)).toBe('token-required');
    expect(metricsAccess(local, token)).toBe('token-required');
  });
});
