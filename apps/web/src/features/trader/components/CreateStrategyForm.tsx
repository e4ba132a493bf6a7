import { createTraderStrategySchema } from '@app/shared/schemas/lead-traders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { Button, Card } from '../../../ui';
import { traderProgrammeQuery, useCreateStrategy } from '../api';
import {
  EMPTY_STRATEGY_TERMS,
  STRATEGY_TERMS_FIELDS,
  StrategyTermsFields,
} from './StrategyTermsFields';

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
    defaultValues: EMPTY_STRATEGY_TERMS,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(t('create.created'));
    } catch (error) {
      toast.error(errorMessage(error));
      applyFieldError(error, setError, STRATEGY_TERMS_FIELDS);
    }
  });
  return (
    <Card title={t('create.title')} description={t('create.description')}>
      <form
        noValidate
        aria-label={t('create.title')}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 sm:grid-cols-2 sm:items-start"
      >
        <StrategyTermsFields register={register} errors={errors} bounds={programme.data} />
        <div className="sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
