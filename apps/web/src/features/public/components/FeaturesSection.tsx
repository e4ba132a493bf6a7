import { useTranslation } from 'react-i18next';
import { ChartIcon } from '../../../ui/icons';
import { FeatureGrid } from './FeatureGrid';
import { ArrowsUpDownIcon, CompassIcon, CopyTradeIcon, PieIcon, SwapIcon } from './icons';
import { SectionHeading } from './SectionHeading';

/** Seed: Features & Benefits, the six service cards, anchor #services. */
const FEATURES = [
  { key: 'copyTrading', Icon: CopyTradeIcon },
  { key: 'advisory', Icon: CompassIcon },
  { key: 'forex', Icon: SwapIcon },
  { key: 'index', Icon: ChartIcon },
  { key: 'etf', Icon: PieIcon },
  { key: 'cfds', Icon: ArrowsUpDownIcon },
] as const;

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
            text: t(`features.items.${key}.text`),
          }))}
        />
      </div>
    </section>
  );
}
