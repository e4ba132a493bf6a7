import { describe, expect, it } from 'vitest';
import { realNextStep, type RealStanding } from './realNextStep';

const fresh: RealStanding = {
  account: 'new',
  verification: { standing: 'not_started', required: true },
  appropriateness: { standing: 'not_taken', required: true },
  realBalanceCents: 0,
};

describe('the real account next step on the practice dashboard', () => {
  it('a new account whose verification is required starts with the identity verification', () => {
    expect(realNextStep(fresh)).toEqual({ kind: 'verify', to: '/verification' });
  });

  it('a verification asked to be fixed comes first too', () => {
    const step = realNextStep({
      ...fresh,
      verification: { standing: 'needs_action', required: false },
    });
    expect(step.kind).toBe('verify');
  });

  it('an optional verification not started is not the next step: the appropriateness check is', () => {
    const step = realNextStep({
      ...fresh,
      verification: { standing: 'not_started', required: false },
    });
    expect(step).toEqual({ kind: 'appropriateness', to: '/appropriateness' });
  });

  it('a submitted verification and a taken check leave the team review of a new account', () => {
    const step = realNextStep({
      ...fresh,
      verification: { standing: 'submitted', required: true },
      appropriateness: { standing: 'appropriate', required: true },
    });
    expect(step).toEqual({ kind: 'review', to: '/dashboard' });
  });

  it('an appropriateness warning waiting for an answer is the next step', () => {
    const step = realNextStep({
      ...fresh,
      account: 'active',
      verification: { standing: 'approved', required: true },
      appropriateness: { standing: 'warning_pending', required: true },
    });
    expect(step.kind).toBe('appropriateness');
  });

  it('the check switched off by the operator is not asked', () => {
    const step = realNextStep({
      ...fresh,
      account: 'active',
      verification: { standing: 'not_started', required: false },
      appropriateness: { standing: 'not_taken', required: false },
    });
    expect(step).toEqual({ kind: 'deposit', to: '/deposits' });
  });

  it('an active account with $0.00 deposits; one with money goes to the plans', () => {
    const active: RealStanding = {
      account: 'active',
      verification: { standing: 'approved', required: true },
      appropriateness: { standing: 'appropriate', required: true },
      realBalanceCents: 0,
    };
    expect(realNextStep(active).kind).toBe('deposit');
    expect(realNextStep({ ...active, realBalanceCents: 1 })).toEqual({
      kind: 'invest',
      to: '/plans',
    });
  });

  it('a deactivated account is told so before anything else', () => {
    expect(realNextStep({ ...fresh, account: 'deactivated' }).kind).toBe('deactivated');
  });
});
