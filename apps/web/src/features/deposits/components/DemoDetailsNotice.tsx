import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../../ui';

/**
 * A payment method with the seed's placeholder details (`isDemo`): not a real wallet or account.
 * Shown wherever an investor sees the method, so nobody sends real money to it.
 */
export function DemoDetailsNotice({ use }: { use: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation('deposits');
  return (
    <div
      role="note"
      className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm leading-relaxed text-text"
    >
      <WarningIcon aria-hidden="true" className="mt-0.5 shrink-0 text-danger" />
      <div>
        <p className="font-semibold text-danger">{t('demo.title')}</p>
        <p className="mt-1">{t(`demo.${use}`)}</p>
      </div>
    </div>
  );
}
