import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './secret-box';

describe('secret box', () => {
  const key = crypto.randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(unseal(key, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(seal(key, 'same')).not.toBe(seal(key, 'same'));
  });

  it('refuses another key, a tampered value and a plain value', () => {
    const sealed = seal(key, 'secret');
    expect(unseal(crypto.randomBytes(32), sealed)).toBeNull();
    // A character well inside the value: all six of its bits are data (the last character's low
    // bits are padding, so changing it could leave the bytes as they were).
    const at = sealed.length - 10;
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(unseal(key, tampered)).toBeNull();
    expect(unseal(key, 'JBSWY3DPEHPK3PXP')).toBeNull();
  });
});
