import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import { STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { ChartIcon, ShieldIcon } from '../../../ui/icons';
import { FeatureCardsSection } from './FeatureGrid';
import { ArrowsUpDownIcon, BookIcon, CopyTradeIcon, LayersIcon } from './icons';

/**
 * Seed: Features & Benefits, six service cards, anchor #services. The seed's cards (forex, index,
 * ETF, CFDs, financial advisory) named services this platform does not offer; these are the ones it
 * does (PRODUCT.md section 3): crypto copy trading, with demo strategies called demo strategies.
 * Each card is true of this install: the practice account PRODUCT.md plans is not built yet, so no
 * card offers it (the copy scan fails on a claim of it, copy.test.ts).
 */
const FEATURES = [
  { key: 'copyTrading', Icon: CopyTradeIcon },
  { key: 'crypto', Icon: ChartIcon },
  { key: 'longShort', Icon: ArrowsUpDownIcon },
  { key: 'strategies', Icon: LayersIcon },
  { key: 'stopLoss', Icon: ShieldIcon },
  { key: 'record', Icon: BookIcon },
] as const;

/** The coins the market-data feed prices ("BTC, ETH, …"), from the one list of instruments. */
const COINS = MARKET_SYMBOLS.map((symbol) => symbol.replace(/USDT$/, '')).join(', ');
/** The copy stop-loss's default and range, as the server enforces them. */
const STOP_LOSS = {
  defaultPct: STOP_LOSS_PCT.default,
  minPct: STOP_LOSS_PCT.min,
  maxPct: STOP_LOSS_PCT.max,
};

export function FeaturesSection() {
  return (
    <FeatureCardsSection
      copy="features"
      cards={FEATURES}
      values={{ symbols: COINS, ...STOP_LOSS }}
      id="services"
      titleId="services-title"
      className="scroll-mt-20 py-20 sm:py-24"
    />
  );
}
