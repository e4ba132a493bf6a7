import { WalletIcon } from '../../../ui/icons';
import { FeatureCardsSection } from './FeatureGrid';
import { BookIcon, ChatIcon, LockIcon, PulseIcon, ReceiptIcon } from './icons';

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
  return (
    <FeatureCardsSection
      copy="why"
      cards={REASONS}
      titleId="why-title"
      className="border-y border-border bg-surface/40 py-20 sm:py-24"
    />
  );
}
