import type { MutationDialogProps } from '../../../ui';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { markedTitle } from '../../../ui/practiceToast';
import { useUpdateTradeRules, type CurrentTrade } from '../api';
import { TradeDialog } from './TradeDialog';

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
        toast.success(markedTitle(trade.book, saved));
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
  onSave,
  saveDisabled,
  ...frame
}: {
  dialog: RuleDialog;
  save: ReturnType<typeof useUpdateTradeRules>;
  onSave: () => void;
  saveDisabled: boolean;
} & Pick<MutationDialogProps, 'onClose' | 'otherAction' | 'children'>) {
  const { t } = useTranslation('trading');
  return (
    <TradeDialog
      texts={dialog}
      mutation={save}
      cancelLabel={t('claim.cancel')}
      confirm={{ label: t(`${dialog}.save`), disabled: saveDisabled, onClick: onSave }}
      {...frame}
    />
  );
}
