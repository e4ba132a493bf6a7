import {
  STRATEGY_DESCRIPTION_MAX,
  STRATEGY_NAME_MAX,
  type CreateTraderStrategyInput,
} from '@app/shared/schemas/lead-traders';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { TextField } from '../../../ui';
import { registeredField } from '../../../ui/forms';
import { TextAreaField } from '../../public/components/TextAreaField';

/** Empty text → no cap (null); anything else goes to the schema as a number. */
export function copierCapOf(text: unknown): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return Number(text.trim());
}

/** The fields of a strategy's terms, in the order they are drawn (server field names). */
export const STRATEGY_TERMS_FIELDS = [
  'name',
  'description',
  'instruments',
  'performanceFeePct',
  'minCopy',
  'maxCopiers',
] as const;

/** What a form with the terms holds (the trader's own, or the admin's with a trader chosen). */
export type StrategyTermsValues = CreateTraderStrategyInput;

export const EMPTY_STRATEGY_TERMS: StrategyTermsValues = {
  name: '',
  description: '',
  instruments: [],
  performanceFeePct: '',
  minCopy: '',
  maxCopiers: null,
};

/**
 * A strategy's terms as fields of a react-hook-form form: name, description, the instruments it may
 * trade, the performance fee within the operator's bounds (`bounds`, shown as the hint), the
 * minimum copy amount and an optional copier cap. One component for the trader's own form and the
 * admin's "create for a trader", so both draw and check the same terms (the form's resolver is the
 * shared schema; the server checks it again with the bounds).
 */
export function StrategyTermsFields<T extends FieldValues & StrategyTermsValues>({
  register: registerAny,
  errors: errorsAny,
  bounds,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  bounds: { feeMinPct: string; feeMaxPct: string } | undefined;
}) {
  const { t } = useTranslation('trader');
  // T extends the terms: its register and errors are the terms' for these fields.
  const register = registerAny as unknown as UseFormRegister<StrategyTermsValues>;
  const errors = errorsAny as FieldErrors<StrategyTermsValues>;
  const terms = { register, errors };
  return (
    <>
      <TextField
        label={t('create.name')}
        maxLength={STRATEGY_NAME_MAX}
        className="sm:col-span-2"
        {...registeredField(terms, 'name')}
      />
      <TextAreaField
        label={t('create.strategyDescription')}
        maxLength={STRATEGY_DESCRIPTION_MAX}
        className="sm:col-span-2"
        {...registeredField(terms, 'description')}
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
          bounds ? t('create.feeHint', { min: bounds.feeMinPct, max: bounds.feeMaxPct }) : undefined
        }
        {...registeredField(terms, 'performanceFeePct')}
      />
      <TextField
        label={t('create.minCopy')}
        inputMode="decimal"
        hint={t('create.minCopyHint')}
        {...registeredField(terms, 'minCopy')}
      />
      <TextField
        label={t('create.maxCopiers')}
        inputMode="numeric"
        hint={t('create.maxCopiersHint')}
        {...registeredField(terms, 'maxCopiers', { setValueAs: copierCapOf })}
      />
    </>
  );
}
