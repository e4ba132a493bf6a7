import { useTranslation } from 'react-i18next';
import { MutationDialog, type MutationDialogProps } from '../../../ui';

/**
 * A small dialog about an open trade that sends one request, titled and described by its texts
 * (`<texts>.title`, `<texts>.description` in the trading texts): the rule dialogs and the money
 * moves.
 */
export function TradeDialog({
  texts,
  ...dialog
}: Omit<MutationDialogProps, 'title' | 'description' | 'size'> & { texts: string }) {
  const { t } = useTranslation('trading');
  return (
    <MutationDialog
      size="sm"
      title={t(`${texts}.title`)}
      description={t(`${texts}.description`)}
      {...dialog}
    />
  );
}
