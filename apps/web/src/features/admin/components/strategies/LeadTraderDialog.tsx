import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal, inputClasses } from '../../../../ui';
import { adminApi, type AdminStrategy } from '../../api';
import { DialogFormFooter } from '../DialogForm';
import { QueryFallback } from '../QueryStates';
import { useLeadTraders } from '../../hooks/useLeadTraders';
import { useAdminMutation } from '../../hooks/useAdminMutation';
import { freeLeadTraders } from '../../leadTraders';

/**
 * The Assign (or, for a retired strategy, Hand over) dialog; closed while `strategy` is null.
 */
export function LeadTraderDialog({
  strategy,
  strategies,
  onClose,
}: {
  strategy: AdminStrategy | null;
  strategies: readonly AdminStrategy[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const handOver = strategy?.terms?.retired ?? false;
  return (
    <Modal
      open={strategy !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        strategy
          ? t(handOver ? 'strategies.handOverTitle' : 'strategies.assignTitle', {
              name: strategy.name,
            })
          : ''
      }
      description={handOver ? t('strategies.handOverHint') : t('strategies.assignHint')}
    >
      {strategy && <LeadTraderForm strategy={strategy} strategies={strategies} onClose={onClose} />}
    </Modal>
  );
}

/**
 * Choose among the approved lead traders free to take it (running no strategy, freeLeadTraders),
 * or none: the built-in demo trader. A retired strategy is handed over: to another lead trader,
 * never to none or back to its own. When nobody is free the dialog says so, with the way to
 * approve one, and Save is disabled with that reason; Save without a choice says what is missing.
 */
function LeadTraderForm({
  strategy,
  strategies,
  onClose,
}: {
  strategy: AdminStrategy;
  strategies: readonly AdminStrategy[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const selectId = useId();
  const handOver = strategy.terms?.retired ?? false;
  const [userId, setUserId] = useState(handOver ? '' : (strategy.leadTraderId ?? ''));
  const [missing, setMissing] = useState(false);
  const traders = useLeadTraders();
  const mutation = useAdminMutation({
    mutationFn: (id: string) => adminApi.setLeadTrader(strategy.id, id || null),
    messages: { success: t('toasts.leadTraderSaved'), failure: t('toasts.leadTraderFailed') },
    onSuccess: onClose,
  });

  if (!traders.isSuccess) return <QueryFallback query={traders} />;
  const choices = freeLeadTraders(
    traders.data,
    strategies,
    handOver ? null : strategy.leadTraderId,
  );
  const nobody = handOver && choices.length === 0;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (handOver && !userId) {
          setMissing(true);
          return;
        }
        mutation.mutate(userId);
      }}
    >
      <LeadTraderSelect
        id={selectId}
        value={userId}
        choices={choices}
        handOver={handOver}
        nobody={nobody}
        missing={missing}
        noTraders={traders.data.length === 0}
        onChange={(id) => {
          setUserId(id);
          setMissing(false);
        }}
      />
      <DialogFormFooter
        onCancel={onClose}
        pending={mutation.isPending}
        submitDisabledReason={nobody ? `${selectId}-nobody` : undefined}
      />
    </form>
  );
}

/**
 * The lead trader drop-down: "none" (the demo trader) unless handing over, then the free traders;
 * says when a choice is missing (`${id}-error`) or nobody can take it (`${id}-nobody`).
 */
function LeadTraderSelect({
  id,
  value,
  choices,
  handOver,
  nobody,
  missing,
  noTraders,
  onChange,
}: {
  id: string;
  value: string;
  choices: readonly { id: string; name: string; email: string }[];
  handOver: boolean;
  nobody: boolean;
  missing: boolean;
  noTraders: boolean;
  onChange: (userId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const errorId = `${id}-error`;
  const nobodyId = `${id}-nobody`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('strategies.assign')}
      </label>
      <select
        id={id}
        value={value}
        disabled={nobody}
        aria-invalid={missing || undefined}
        aria-describedby={nobody ? nobodyId : missing ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} ${missing ? 'border-danger' : 'border-border'}`}
      >
        <option value="" disabled={handOver}>
          {handOver ? t('strategies.chooseTrader') : t('strategies.noTrader')}
        </option>
        {choices.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name} ({user.email})
          </option>
        ))}
      </select>
      {missing && (
        <p id={errorId} className="text-sm text-danger">
          {t('strategies.chooseTrader')}
        </p>
      )}
      <NoTraderHint nobodyId={nobody ? nobodyId : undefined} noTraders={noTraders} />
    </div>
  );
}

/**
 * Why the list is empty: nobody free to take a hand-over (with the way to approve one, under
 * `nobodyId`), or no lead trader approved at all.
 */
function NoTraderHint({
  nobodyId,
  noTraders,
}: {
  nobodyId: string | undefined;
  noTraders: boolean;
}) {
  const { t } = useTranslation('admin');
  if (nobodyId) {
    return (
      <p id={nobodyId} className="text-sm text-muted">
        {t('strategies.noHandOverTrader')}{' '}
        <Link to="/admin/trader-applications" className="font-medium text-brand-strong">
          {t('strategies.approveTraderFirst')}
        </Link>
      </p>
    );
  }
  return noTraders ? <p className="text-sm text-muted">{t('strategies.noTraders')}</p> : null;
}
