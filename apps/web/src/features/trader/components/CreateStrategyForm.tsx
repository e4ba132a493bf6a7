import { createTraderStrategySchema } from '@app/shared/schemas/lead-traders';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardForm, sendingSubmit, useSchemaForm } from '../../../ui/forms';
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
  const form = useSchemaForm(createTraderStrategySchema, {
    // The typed text goes to the server, which turns the amount into cents itself (raw: the
    // schema's output would be cents, which the server would read as dollars).
    raw: true,
    defaultValues: EMPTY_STRATEGY_TERMS,
  });
  const submit = sendingSubmit(
    form,
    create.mutateAsync,
    t('create.created'),
    STRATEGY_TERMS_FIELDS,
  );
  return (
    <CardForm
      title={t('create.title')}
      description={t('create.description')}
      onSubmit={submit}
      submitLabel={t('create.submit')}
      pending={form.isSubmitting}
    >
      <StrategyTermsFields register={form.register} errors={form.errors} bounds={programme.data} />
    </CardForm>
  );
}
