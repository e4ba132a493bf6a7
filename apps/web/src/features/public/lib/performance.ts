import { formatSignedPct } from '../../market/decimal';
import type { PublicPlan } from '../api';

export interface BestStrategy {
  name: string;
  return30dPct: string;
  maxDrawdownPct: string | null;
  /** 'demo': run by a built-in trader, and labelled so where the block names it. */
  runBy?: 'demo' | 'trader' | undefined;
}

/** A decimal-text percentage as a number, for ordering and sign only (never for money). */
function toNumber(text: string): number | null {
  const value = Number(text);
  return Number.isFinite(value) && text.trim() !== '' ? value : null;
}

/**
 * The strategy with the highest trailing 30-day return among the plans, or null when no strategy
 * has a computed return yet. A strategy copied by several plans counts once.
 */
export function bestStrategy(plans: readonly PublicPlan[]): BestStrategy | null {
  let best: { strategy: BestStrategy; value: number } | null = null;
  for (const plan of plans) {
    const strategy = plan.strategy;
    if (!strategy?.return30dPct) continue;
    const value = toNumber(strategy.return30dPct);
    if (value === null) continue;
    if (!best || value > best.value) {
      best = {
        value,
        strategy: {
          name: strategy.name,
          return30dPct: strategy.return30dPct,
          maxDrawdownPct: strategy.maxDrawdownPct,
          runBy: strategy.runBy,
        },
      };
    }
  }
  return best?.strategy ?? null;
}

/** A drawdown as a positive magnitude ("8.40%"), whichever sign the server uses. */
export function formatDrawdown(text: string): string {
  return formatSignedPct(text.trim().replace(/^[+-]/, '')).replace(/^\+/, '');
}
