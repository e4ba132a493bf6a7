import type { Me } from '@app/shared/schemas/auth';

export const jane: Me = {
  id: 'u1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  emailVerified: true,
  phone: '+12025550143',
  country: 'Germany',
  referralId: 'janedoeab12c',
  referrerId: null,
  avatarUrl: null,
  isActive: true,
  activatedAt: '2025-01-02T00:00:00.000Z',
  isAdmin: false,
  isTrader: false,
  twoFactorEnabled: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};

/** A file of `bytes` bytes (content irrelevant: the client checks name, type and size). */
export function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
