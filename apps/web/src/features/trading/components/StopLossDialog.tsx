import { STOP_LOSS_PCT } from '@app/shared/trade-rules';
import { formatUsd } from '@app/shared/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';
import { useUpdateTradeRules, type CurrentTrade } from '../api';
import { stopLossValueCents } from '../format';

/** Changes the open trade's copy stop-loss (5–95 %); no money moves, so one step is enough. */
export function StopLossDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const sliderId = useId();
  const [pct, setPct] = useState(trade.stopLossPct);
  const save = useUpdateTradeRules(trade.id);

  function submit() {
    save.mutate(
      { stopLossPct: pct },
      {
        onSuccess: () => {
          toast.success(t('stopLossDialog.saved', { pct }));
          onClose();
        },
        onError: (error) => {
          toast.error(t('stopLossDialog.failed'), { description: errorMessage(error) });
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
      title={t('stopLossDialog.title')}
      description={t('stopLossDialog.description')}
      footer={
        <>
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            {t('claim.cancel')}
          </Button>
          <Button loading={save.isPending} disabled={pct === trade.stopLossPct} onClick={submit}>
            {t('stopLossDialog.save')}
          </Button>
        </>
      }
    >
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={sliderId} className="text-sm font-medium text-text">
          {t('stopLossDialog.label')}
        </label>
        <span aria-hidden="true" className="font-semibold text-text tabular-nums">
          {pct}%
        </span>
      </div>
      <input
        id={sliderId}
        type="range"
        min={STOP_LOSS_PCT.min}
        max={STOP_LOSS_PCT.max}
        step={1}
        value={pct}
        aria-valuetext={`${pct}%`}
        onChange={(event) => setPct(Number(event.target.value))}
        disabled={save.isPending}
        className="mt-3 w-full accent-[var(--color-brand)]"
      />
      <p className="mt-2 text-xs leading-relaxed text-muted">
        {t('stopLossDialog.hint', {
          pct,
          value: formatUsd(stopLossValueCents(trade.amountCents, pct)),
        })}
      </p>
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
    </Modal>
  );
}
