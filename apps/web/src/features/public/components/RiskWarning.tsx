import { RISK_WARNING } from '@app/shared/risk';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../../ui/icons';

/**
 * The risk warning of docs/product.md principle 3. The English text is the one in @app/shared/risk (the
 * copy scan and the server use the same constant); a translation may supply `risk.warning`.
 */
export function RiskWarning({ className }: { className?: string }) {
  const { t } = useTranslation('public');
  return (
    <p
      role="note"
      aria-label={t('risk.title')}
      className={clsx(
        'flex gap-3 rounded-xl border border-warning/30 bg-warning/5 p-4 text-sm leading-relaxed text-text',
        className,
      )}
    >
      <WarningIcon className="mt-0.5 shrink-0 text-warning" />
      <span>{t('risk.warning', { defaultValue: RISK_WARNING })}</span>
    </p>
  );
}
