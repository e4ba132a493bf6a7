import {
  adminCreateStrategySchema,
  type AdminCreateStrategyInput,
} from '@app/shared/schemas/lead-traders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldError } from '../../../lib/requestErrors';
import { inputClasses } from '../../../ui';
import {
  EMPTY_STRATEGY_TERMS,
  STRATEGY_TERMS_FIELDS,
  StrategyTermsFields,
} from '../../trader/components/StrategyTermsFields';
import { adminApi, adminKeys, type AdminStrategy } from '../api';
import { freeLeadTraders } from '../leadTraders';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogFormFooter, FormModal, type ModalState } from './DialogForm';
import { LabelledField, errorAria } from './LabelledField';
import { QueryFallback } from './QueryStates';
import { useLeadTraders } from '../hooks/useLeadTraders';
import { useAdminQuery } from '../hooks/useAdminQuery';

const FIELDS = [...STRATEGY_TERMS_FIELDS, 'userId'] as const;

/**
 * "New strategy": an admin creates a strategy for an approved lead trader who runs none yet, on
 * the same terms and checks as the trader's own form (the shared schema here, the operator's fee
 * bounds on the server). A refusal lands on the field the server names.
 */
export function CreateStrategyDialog({
  strategies,
  ...modal
}: ModalState & { strategies: readonly AdminStrategy[] }) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      {...modal}
      title={t('strategies.createTitle')}
      description={t('strategies.createHint')}
    >
      {(close) => <CreateStrategyForm strategies={strategies} onClose={close} />}
    </FormModal>
  );
}

function CreateStrategyForm({
  strategies,
  onClose,
}: {
  strategies: readonly AdminStrategy[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const traders = useLeadTraders();
  const bounds = useAdminQuery(adminKeys.traderFees, adminApi.traderFees);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminCreateStrategyInput>({
    // Raw: the amount goes to the server as typed (it turns it into cents itself).
    resolver: zodResolver(adminCreateStrategySchema, undefined, { raw: true }),
    defaultValues: { ...EMPTY_STRATEGY_TERMS, userId: '' },
  });
  const mutation = useAdminMutation({
    mutationFn: (body: AdminCreateStrategyInput) => adminApi.createStrategy(body),
    messages: { success: t('toasts.strategyCreated'), failure: t('toasts.strategyCreateFailed') },
    onSuccess: onClose,
  });

  if (!traders.isSuccess) return <QueryFallback query={traders} />;
  const free = freeLeadTraders(traders.data, strategies);
  return (
    <form
      noValidate
      aria-label={t('strategies.createTitle')}
      className="grid gap-4 sm:grid-cols-2 sm:items-start"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          mutation.mutateAsync(values).catch((error: unknown) => {
            applyFieldError(error, setError, FIELDS);
          }),
        )(event)
      }
    >
      <TraderSelect free={free} error={errors.userId?.message} register={register} />
      <StrategyTermsFields register={register} errors={errors} bounds={bounds.data} />
      <div className="sm:col-span-2">
        <DialogFormFooter
          onCancel={onClose}
          pending={mutation.isPending}
          submitLabel={t('strategies.create')}
        />
      </div>
    </form>
  );
}

/** The approved lead traders who run no strategy yet: the one the new strategy is for. */
function TraderSelect({
  free,
  error,
  register,
}: {
  free: readonly { id: string; name: string; email: string }[];
  error: string | undefined;
  register: UseFormRegister<AdminCreateStrategyInput>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <LabelledField id={id} label={t('strategies.trader')} error={error} className="sm:col-span-2">
      <select
        id={id}
        {...errorAria(id, error)}
        className={`${inputClasses} ${error ? 'border-danger' : 'border-border'}`}
        {...register('userId')}
      >
        <option value="">{t('strategies.chooseTrader')}</option>
        {free.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name} ({user.email})
          </option>
        ))}
      </select>
      {free.length === 0 && <p className="text-sm text-muted">{t('strategies.noFreeTraders')}</p>}
    </LabelledField>
  );
}
