import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';
import { useUpdateTradeRules, type CurrentTrade } from '../api';
import { parseTakeProfitPct, takeProfitValueCents } from '../format';
import { TakeProfitField } from './TakeProfitField';
import { mutateAndReport } from '../../../lib/mutation';

/**
 * Sets, changes or removes the trade's take-profit: it closes by itself once its gain reaches
 * this share of the amount invested. No money moves now, so one step is enough.
 */
export function TakeProfitDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const [text, setText] = useState(String(trade.takeProfitPct ?? 20));
  const [touched, setTouched] = useState(false);
  const save = useUpdateTradeRules(trade.id);
  const pct = parseTakeProfitPct(text);

  function send(takeProfitPct: number | null) {
    mutateAndReport(
      save,
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
      <TakeProfitField
        label={t('takeProfitDialog.label')}
        value={text}
        onChange={setText}
        invalid={touched && pct === null}
        disabled={save.isPending}
        hint={
          pct !== null &&
          t('takeProfitDialog.hint', {
            pct,
            value: formatUsd(takeProfitValueCents(trade.amountCents, pct)),
          })
        }
      />
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
    </Modal>
  );
}
