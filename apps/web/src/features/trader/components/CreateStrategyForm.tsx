import {
  STRATEGY_DESCRIPTION_MAX,
  STRATEGY_NAME_MAX,
  createTraderStrategySchema,
} from '@app/shared/schemas/lead-traders';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { translateMessage } from '../../../lib/messages';
import { Button, Card, TextField } from '../../../ui';
import { TextAreaField } from '../../public/components/TextAreaField';
import { traderProgrammeQuery, useCreateStrategy } from '../api';

/** Empty text → no cap (null); anything else goes to the schema as a number. */
export function copierCapOf(text: unknown): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return Number(text.trim());
}

const FIELDS = [
  'name',
  'description',
  'instruments',
  'performanceFeePct',
  'minCopy',
  'maxCopiers',
] as const;

/**
 * An approved lead trader without a strategy creates theirs: name, description, the instruments
 * it may trade, the performance fee within the operator's bounds, the minimum copy amount and an
 * optional cap on copiers. The server checks the same rules and the bounds.
 */
export function CreateStrategyForm() {
  const { t } = useTranslation('trader');
  const programme = useQuery(traderProgrammeQuery);
  const create = useCreateStrategy();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    // The typed text goes to the server, which turns the amount into cents itself (raw: the
    // schema's output would be cents, which the server would read as dollars).
    resolver: zodResolver(createTraderStrategySchema, undefined, { raw: true }),
    defaultValues: {
      name: '',
      description: '',
      instruments: [],
      performanceFeePct: '',
      minCopy: '',
      maxCopiers: null,
    },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(t('create.created'));
    } catch (error) {
      toast.error(errorMessage(error));
      applyFieldError(error, setError, FIELDS);
    }
  });
  const bounds = programme.data;
  return (
    <Card title={t('create.title')} description={t('create.description')}>
      <form
        noValidate
        aria-label={t('create.title')}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 sm:grid-cols-2 sm:items-start"
      >
        <TextField
          label={t('create.name')}
          maxLength={STRATEGY_NAME_MAX}
          error={errors.name?.message}
          className="sm:col-span-2"
          {...register('name')}
        />
        <TextAreaField
          label={t('create.strategyDescription')}
          maxLength={STRATEGY_DESCRIPTION_MAX}
          error={errors.description?.message}
          className="sm:col-span-2"
          {...register('description')}
        />
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('create.instruments')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {MARKET_SYMBOLS.map((symbol) => (
              <label key={symbol} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={symbol}
                  className="size-4 accent-[var(--color-brand)]"
                  {...register('instruments')}
                />
                {symbol}
              </label>
            ))}
          </div>
          {errors.instruments?.message && (
            <p className="text-sm text-danger">{translateMessage(errors.instruments.message)}</p>
          )}
        </fieldset>
        <TextField
          label={t('create.fee')}
          inputMode="decimal"
          hint={
            bounds
              ? t('create.feeHint', { min: bounds.feeMinPct, max: bounds.feeMaxPct })
              : undefined
          }
          error={errors.performanceFeePct?.message}
          {...register('performanceFeePct')}
        />
        <TextField
          label={t('create.minCopy')}
          inputMode="decimal"
          hint={t('create.minCopyHint')}
          error={errors.minCopy?.message}
          {...register('minCopy')}
        />
        <TextField
          label={t('create.maxCopiers')}
          inputMode="numeric"
          hint={t('create.maxCopiersHint')}
          error={errors.maxCopiers?.message}
          {...register('maxCopiers', { setValueAs: copierCapOf })}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
