import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { ChartIcon, WalletIcon } from '../../../ui/icons';
import { FeatureGrid } from './FeatureGrid';
import { ArrowsUpDownIcon, BookIcon, CopyTradeIcon, LayersIcon } from './icons';
import { SectionHeading } from './SectionHeading';

/**
 * Seed: Features & Benefits, six service cards, anchor #services. The seed's cards (forex, index,
 * ETF, CFDs, financial advisory) named services this platform does not offer; these are the ones it
 * does (PRODUCT.md section 3): crypto copy trading, with demo strategies called demo strategies.
 */
const FEATURES = [
  { key: 'copyTrading', Icon: CopyTradeIcon },
  { key: 'crypto', Icon: ChartIcon },
  { key: 'longShort', Icon: ArrowsUpDownIcon },
  { key: 'strategies', Icon: LayersIcon },
  { key: 'practice', Icon: WalletIcon },
  { key: 'record', Icon: BookIcon },
] as const;

/** The coins the market-data feed prices ("BTC, ETH, …"), from the one list of instruments. */
const COINS = MARKET_SYMBOLS.map((symbol) => symbol.replace(/USDT$/, '')).join(', ');

export function FeaturesSection() {
  const { t } = useTranslation('public');
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="services-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
          text={t('features.text')}
        />
        <FeatureGrid
          items={FEATURES.map(({ key, Icon }) => ({
            key,
            Icon,
            title: t(`features.items.${key}.title`),
            text: t(`features.items.${key}.text`, { symbols: COINS }),
          }))}
        />
      </div>
    </section>
  );
}
