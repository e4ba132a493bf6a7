import type { Strategy } from '@app/shared/schemas/strategies';
import type { TFunction } from 'i18next';

/**
 * A strategy's description in the language on screen: a demo strategy's is the product's own text,
 * translated by the built-in trader that runs it; a lead trader's is theirs, as they wrote it.
 */
export function strategyDescription(
  t: TFunction<'strategies'>,
  strategy: Pick<Strategy, 'description' | 'demoTrader'>,
): string {
  return strategy.demoTrader
    ? t(`demoDescriptions.${strategy.demoTrader}`, { defaultValue: strategy.description })
    : strategy.description;
}
