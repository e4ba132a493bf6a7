import { formatUsd } from '@app/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';
import { useUpdateTradeRules, type CurrentTrade } from '../api';
import { stopLossValueCents } from '../format';
import { StopLossField } from './StopLossField';
import { mutateAndReport } from '../../../lib/mutation';

/** Changes the open trade's copy stop-loss (5–95 %); no money moves, so one step is enough. */
export function StopLossDialog({ trade, onClose }: { trade: CurrentTrade; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const [pct, setPct] = useState(trade.stopLossPct);
  const save = useUpdateTradeRules(trade.id);

  function submit() {
    mutateAndReport(
      save,
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
      <StopLossField
        label={t('stopLossDialog.label')}
        value={pct}
        onChange={setPct}
        disabled={save.isPending}
        hint={t('stopLossDialog.hint', {
          pct,
          value: formatUsd(stopLossValueCents(trade.amountCents, pct)),
        })}
      />
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
    </Modal>
  );
}
