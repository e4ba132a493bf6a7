import { describe, expect, it } from 'vitest';
import { channelsFor, channelsWithoutRole } from './channels';

const base = {
  id: 'u1',
  isAdmin: false,
  isActive: true,
  totpEnabledAt: new Date(0) as Date | null,
  deletedAt: null,
};

describe('realtime channels', () => {
  it('an investor hears their own channel and the public one', () => {
    expect(channelsFor(base)).toEqual(['user:u1', 'public']);
  });

  it('an active admin also hears the admin channel', () => {
    expect(channelsFor({ ...base, isAdmin: true })).toEqual(['user:u1', 'public', 'admin']);
  });

  it('a deactivated admin keeps their own channel but loses the admin one', () => {
    expect(channelsFor({ ...base, isAdmin: true, isActive: false })).toEqual(['user:u1', 'public']);
  });

  it('an admin without two-factor sign-in does not hear the admin channel', () => {
    expect(channelsFor({ ...base, isAdmin: true, totpEnabledAt: null })).toEqual([
      'user:u1',
      'public',
    ]);
  });

  it('a deleted user hears nothing', () => {
    expect(channelsFor({ ...base, isAdmin: true, deletedAt: new Date(0) })).toEqual([]);
  });

  it('while access is re-checked, a socket keeps only what needs no role', () => {
    expect(channelsWithoutRole('u1')).toEqual(['user:u1', 'public']);
  });
});
