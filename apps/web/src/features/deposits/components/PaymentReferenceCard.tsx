import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { useTranslation } from 'react-i18next';
import { Button, Card, TextField } from '../../../ui';

/** The optional payment reference and the "I have made the payment" button. */
export function PaymentReferenceCard({
  method,
  reference,
  referenceError,
  onReferenceChange,
  onPaid,
}: {
  method: PaymentMethod;
  reference: string;
  referenceError: string | undefined;
  onReferenceChange: (value: string) => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation('deposits');
  return (
    <Card>
      <TextField
        label={method.kind === 'crypto' ? t('reference.cryptoLabel') : t('reference.bankLabel')}
        optional
        hint={t('reference.hint')}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        value={reference}
        error={referenceError}
        onChange={(event) => onReferenceChange(event.target.value)}
      />
      <Button size="lg" fullWidth className="mt-6" onClick={onPaid}>
        {t('payment.made')}
      </Button>
    </Card>
  );
}
