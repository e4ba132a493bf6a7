import { createDepositSchema } from '@app/shared/schemas/money';
import { centsToPlain } from '@app/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/requestErrors';
import { translateMessage } from '../../../lib/messages';
import { Button, Card, EmptyState, ErrorState, LoadingBlock, TextField } from '../../../ui';
import { isDepositDraft, paymentMethodsQuery, type DepositDraft } from '../api';
import { DemoDetailsNotice } from '../components/DemoDetailsNotice';
import { ActiveAccountOnly } from '../components/MoneyInactiveNotice';
import { PaymentMethodOption } from '../components/PaymentMethodOption';

/** Seed: 'Continue to Payment' waits 1 s before the payment page. */
export const CONTINUE_DELAY_MS = 1000;

const depositFormSchema = createDepositSchema.pick({ methodId: true, amount: true });

/** /deposits: choose where to send the money and how much, then continue to the payment page. */
export function DepositsPage() {
  return (
    <ActiveAccountOnly>
      <DepositForm />
    </ActiveAccountOnly>
  );
}

function DepositForm() {
  const { t } = useTranslation('deposits');
  const navigate = useNavigate();
  const location = useLocation();
  const methods = useQuery(paymentMethodsQuery);
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
  /** Set by 'Continue to Payment'; the payment page opens CONTINUE_DELAY_MS later. */
  const [continuing, setContinuing] = useState<DepositDraft | null>(null);
  useEffect(() => {
    if (!continuing) return;
    const timer = setTimeout(
      () => void navigate('/deposits/payment', { state: continuing }),
      CONTINUE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [continuing, navigate]);

  const submit = handleSubmit((values) => {
    const method = methods.data?.find((candidate) => candidate.id === values.methodId);
    if (!method) return;
    setContinuing({ method, amount: centsToPlain(values.amount) });
  });

  if (methods.isPending) return <LoadingBlock />;
  if (methods.isError) {
    return (
      <ErrorState
        title={t('methodsError')}
        description={errorMessage(methods.error)}
        onRetry={() => void methods.refetch()}
        retryLabel={t('retry')}
        retrying={methods.isRefetching}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mx-auto max-w-3xl">
      <Card title={<span className="text-lg">{t('heading')}</span>} description={t('description')}>
        <fieldset
          aria-describedby={errors.methodId ? 'deposit-method-error' : undefined}
          aria-invalid={errors.methodId ? true : undefined}
        >
          <legend className="mb-3 text-sm font-medium text-text">{t('method.legend')}</legend>
          {methods.data.length === 0 ? (
            <EmptyState title={t('method.none')} description={t('method.noneHint')} />
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              {methods.data.map((method) => (
                <PaymentMethodOption key={method.id} method={method} {...register('methodId')} />
              ))}
            </div>
          )}
          {errors.methodId?.message && (
            <p id="deposit-method-error" className="mt-2 text-sm text-danger">
              {translateMessage(errors.methodId.message)}
            </p>
          )}
          {chosen?.isDemo && (
            <div className="mt-4">
              <DemoDetailsNotice use="deposit" />
            </div>
          )}
        </fieldset>

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
