import { TAKE_PROFIT_PCT } from '@app/shared/schemas/trades';
import { rule } from '@app/shared/rules';
import { formatUsd } from '@app/shared/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateMessage } from '../../../lib/messages';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';
import { useUpdateTradeRules, type CurrentTrade } from '../api';
import { parseTakeProfitPct, takeProfitValueCents } from '../format';

const OUT_OF_RANGE = rule('TAKE_PROFIT_RANGE', {
  min: TAKE_PROFIT_PCT.min,
  max: TAKE_PROFIT_PCT.max,
});

/**
 * Sets, changes or removes the trade's take-profit: it closes by itself once its gain reaches
 * this share of the amount invested. No money moves now, so one step is enough.
 */
export function TakeProfitDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(String(trade.takeProfitPct ?? 20));
  const [touched, setTouched] = useState(false);
  const save = useUpdateTradeRules(trade.id);
  const pct = parseTakeProfitPct(text);

  function send(takeProfitPct: number | null) {
    save.mutate(
      { takeProfitPct },
      {
        onSuccess: () => {
          toast.success(
            takeProfitPct === null
              ? t('takeProfitDialog.removed')
              : t('takeProfitDialog.saved', { pct: takeProfitPct }),
          );
          onClose();
        },
        onError: (error) => {
          toast.error(t('takeProfitDialog.failed'), { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      title={t('takeProfitDialog.title')}
      description={t('takeProfitDialog.description')}
      footer={
        <>
          {trade.takeProfitPct !== null && (
            <Button
              variant="ghost"
              className="sm:mr-auto"
              disabled={save.isPending}
              onClick={() => send(null)}
            >
              {t('takeProfitDialog.remove')}
            </Button>
          )}
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            {t('claim.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={pct !== null && pct === trade.takeProfitPct}
            onClick={() => {
              setTouched(true);
              if (pct !== null) send(pct);
            }}
          >
            {t('takeProfitDialog.save')}
          </Button>
        </>
      }
    >
      <label htmlFor={inputId} className="text-sm font-medium text-text">
        {t('takeProfitDialog.label')}
      </label>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          value={text}
          aria-describedby={hintId}
          aria-invalid={touched && pct === null}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          disabled={save.isPending}
          className="h-11 w-28 rounded-xl border border-border bg-surface-2 px-3 text-base text-text tabular-nums focus:border-brand focus:outline-none"
        />
        <span className="text-text">%</span>
      </div>
      <p id={hintId} className="mt-2 text-xs leading-relaxed text-muted">
        {touched && pct === null ? (
          <span className="text-danger">{translateMessage(OUT_OF_RANGE)}</span>
        ) : pct !== null ? (
          t('takeProfitDialog.hint', {
            pct,
            value: formatUsd(takeProfitValueCents(trade.amountCents, pct)),
          })
        ) : null}
      </p>
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
    </Modal>
  );
}
