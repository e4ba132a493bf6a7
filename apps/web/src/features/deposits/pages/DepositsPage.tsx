import { createDepositSchema } from '@app/shared/schemas/money';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { centsToPlain } from '@app/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Card, QueryErrorState, LoadingBlock, TextField } from '../../../ui';
import { isDepositDraft, paymentMethodsQuery } from '../api';
import { ChainRailsCard } from '../components/ChainRailsCard';
import { DepositMethodFieldset } from '../components/DepositMethodFieldset';
import { ActiveAccountOnly } from '../components/MoneyInactiveNotice';
import { useContinueToPayment } from '../hooks/useContinueToPayment';

export { CONTINUE_DELAY_MS } from '../hooks/useContinueToPayment';

const depositFormSchema = createDepositSchema.pick({ methodId: true, amount: true });

/**
 * /deposits: the crypto rails credited from the chain (when there are any), then the form: choose
 * where to send the money and how much, then continue to the payment page.
 */
export function DepositsPage() {
  return (
    <ActiveAccountOnly>
      <ChainRailsCard />
      <DepositForm />
    </ActiveAccountOnly>
  );
}

/**
 * The methods a deposit is reviewed on: one on a crypto rail is credited from the chain to the
 * investor's own address instead (the rails card above), so it is not offered here.
 */
function reviewedMethods(methods: PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => !method.railNetwork);
}

function DepositForm() {
  const { t } = useTranslation('deposits');
  const location = useLocation();
  const methods = useQuery({ ...paymentMethodsQuery, select: reviewedMethods });
  // Back from the payment page ("Change"), the previous choice is filled in again.
  const previous: unknown = location.state;
  const draft = isDepositDraft(previous) ? previous : null;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(depositFormSchema),
    defaultValues: { methodId: draft?.method.id ?? '', amount: draft?.amount ?? '' },
  });
  const chosenId = useWatch({ control, name: 'methodId' });
  const chosen = methods.data?.find((candidate) => candidate.id === chosenId);
  const { continuing, continueWith } = useContinueToPayment();

  const submit = handleSubmit((values) => {
    const method = methods.data?.find((candidate) => candidate.id === values.methodId);
    if (!method) return;
    continueWith({ method, amount: centsToPlain(values.amount) });
  });

  if (methods.isPending) return <LoadingBlock />;
  if (methods.isError) {
    return <QueryErrorState query={methods} title={t('methodsError')} retryLabel={t('retry')} />;
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mx-auto max-w-3xl">
      <Card title={<span className="text-lg">{t('heading')}</span>} description={t('description')}>
        <DepositMethodFieldset
          methods={methods.data}
          chosen={chosen}
          field={register('methodId')}
          error={errors.methodId}
        />

        <TextField
          className="mt-6 sm:max-w-sm"
          label={t('amount.label')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          endAdornment={<span className="pr-3 text-sm text-muted">USD</span>}
          error={errors.amount?.message}
          {...register('amount')}
        />

        <div className="mt-6 flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted">{t('pendingNote')}</p>
          <Button
            type="submit"
            size="lg"
            loading={continuing !== null}
            disabled={methods.data.length === 0}
            className="shrink-0"
          >
            {t('continue')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
