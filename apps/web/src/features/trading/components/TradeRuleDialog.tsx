import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, Modal } from '../../../ui';
import { useUpdateTradeRules, type CurrentTrade } from '../api';

/** The two rules an open trade carries, each changed in its own small dialog. */
type RuleDialog = 'stopLossDialog' | 'takeProfitDialog';
type Rules = Parameters<ReturnType<typeof useUpdateTradeRules>['mutateAsync']>[0];

/**
 * Saves a change to the trade's rules: on success a toast says what was saved and the dialog
 * closes; a refusal shows in a toast (and in the dialog, see TradeRuleDialog).
 */
export function useSaveTradeRules(trade: CurrentTrade, dialog: RuleDialog, onClose: () => void) {
  const { t } = useTranslation('trading');
  const save = useUpdateTradeRules(trade.id);
  function send(rules: Rules, saved: string) {
    mutateAndReport(save, rules, {
      onSuccess: () => {
        toast.success(saved);
        onClose();
      },
      onError: (error) => {
        toast.error(t(`${dialog}.failed`), { description: errorMessage(error) });
      },
    });
  }
  return { save, send };
}

/**
 * A trade rule's dialog: its field, the way back and the save button (plus any other action,
 * such as removing the rule). No money moves, so one step is enough; while the request runs the
 * dialog stays open.
 */
export function TradeRuleDialog({
  dialog,
  save,
  onClose,
  onSave,
  saveDisabled,
  otherAction,
  children,
}: {
  dialog: RuleDialog;
  save: ReturnType<typeof useUpdateTradeRules>;
  onClose: () => void;
  onSave: () => void;
  saveDisabled: boolean;
  otherAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');
  return (
    <Modal
      open
      size="sm"
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      title={t(`${dialog}.title`)}
      description={t(`${dialog}.description`)}
      footer={
        <>
          {otherAction}
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            {t('claim.cancel')}
          </Button>
          <Button loading={save.isPending} disabled={saveDisabled} onClick={onSave}>
            {t(`${dialog}.save`)}
          </Button>
        </>
      }
    >
      {children}
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
    </Modal>
  );
}
