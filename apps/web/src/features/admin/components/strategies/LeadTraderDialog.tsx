import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal, inputClasses } from '../../../../ui';
import { adminApi, type AdminStrategy } from '../../api';
import { DialogForm, DialogFormFooter, onClosed } from '../DialogForm';
import { LabelledField } from '../LabelledField';
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
  const handOver = strategy ? isHandOver(strategy) : false;
  return (
    <Modal
      open={strategy !== null}
      onOpenChange={onClosed(onClose)}
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
  const handOver = isHandOver(strategy);
  const [userId, setUserId] = useState(handOver ? '' : (strategy.leadTraderId ?? ''));
  const [missing, setMissing] = useState(false);
  const traders = useLeadTraders();
  const mutation = useAdminMutation({
    mutationFn: (id: string) => adminApi.setLeadTrader(strategy.id, id || null),
    messages: { success: t('toasts.leadTraderSaved'), failure: t('toasts.leadTraderFailed') },
    onSuccess: onClose,
  });

  if (!traders.isSuccess) return <QueryFallback query={traders} />;
  const pool = traderPool(traders.data, strategies, strategy);
  return (
    <DialogForm
      onSubmit={() => {
        if (pool.handOver && !userId) {
          setMissing(true);
          return;
        }
        mutation.mutate(userId);
      }}
    >
      <LeadTraderSelect
        id={selectId}
        value={userId}
        pool={pool}
        missing={missing}
        onChange={(id) => {
          setUserId(id);
          setMissing(false);
        }}
      />
      <DialogFormFooter
        onCancel={onClose}
        pending={mutation.isPending}
        submitDisabledReason={pool.nobody ? `${selectId}-nobody` : undefined}
      />
    </DialogForm>
  );
}

/**
 * Who may take `strategy`: the free lead traders (its own one too, unless it is handed over),
 * whether it is handed over, and why the list may be empty (nobody free for a hand-over, or no
 * lead trader approved at all).
 */
function traderPool(
  traders: readonly LeadTrader[],
  strategies: readonly AdminStrategy[],
  strategy: AdminStrategy,
) {
  const handOver = isHandOver(strategy);
  const choices = freeLeadTraders(traders, strategies, handOver ? null : strategy.leadTraderId);
  return {
    choices,
    handOver,
    nobody: handOver && choices.length === 0,
    noTraders: traders.length === 0,
  };
}

type LeadTrader = { id: string; name: string; email: string };

/** A retired strategy is handed over: to another lead trader, never to none or back to its own. */
function isHandOver(strategy: AdminStrategy): boolean {
  return strategy.terms?.retired ?? false;
}
type TraderPool = ReturnType<typeof traderPool>;

/**
 * The lead trader drop-down: "none" (the demo trader) unless handing over, then the free traders;
 * says when a choice is missing (`${id}-error`) or nobody can take it (`${id}-nobody`).
 */
function LeadTraderSelect({
  id,
  value,
  pool: { choices, handOver, nobody, noTraders },
  missing,
  onChange,
}: {
  id: string;
  value: string;
  pool: TraderPool;
  missing: boolean;
  onChange: (userId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const nobodyId = `${id}-nobody`;
  // The hint above the error: with nobody to choose Save is disabled, so the two do not meet.
  const error = missing ? t('strategies.chooseTrader') : undefined;
  return (
    <LabelledField id={id} label={t('strategies.assign')} error={error}>
      <select
        id={id}
        value={value}
        disabled={nobody}
        aria-invalid={missing || undefined}
        aria-describedby={nobody ? nobodyId : missing ? `${id}-error` : undefined}
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
      <NoTraderHint nobodyId={nobody ? nobodyId : undefined} noTraders={noTraders} />
    </LabelledField>
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
