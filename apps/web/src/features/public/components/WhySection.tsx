import { useTranslation } from 'react-i18next';
import { WalletIcon } from '../../../ui/icons';
import { FeatureGrid } from './FeatureGrid';
import { BookIcon, ChatIcon, LockIcon, PulseIcon, ReceiptIcon } from './icons';
import { SectionHeading } from './SectionHeading';

/** Why Choose Us: six cards, each a true statement about this software. */
const REASONS = [
  { key: 'ledger', Icon: BookIcon },
  { key: 'fees', Icon: ReceiptIcon },
  { key: 'withdraw', Icon: WalletIcon },
  { key: 'twoFactor', Icon: LockIcon },
  { key: 'marketData', Icon: PulseIcon },
  { key: 'support', Icon: ChatIcon },
] as const;

export function WhySection() {
  const { t } = useTranslation('public');
  return (
    <section
      aria-labelledby="why-title"
      className="border-y border-border bg-surface/40 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-title"
          eyebrow={t('why.eyebrow')}
          title={t('why.title')}
          text={t('why.text')}
        />
        <FeatureGrid
          items={REASONS.map(({ key, Icon }) => ({
            key,
            Icon,
            title: t(`why.items.${key}.title`),
            text: t(`why.items.${key}.text`),
          }))}
        />
      </div>
    </section>
  );
}
