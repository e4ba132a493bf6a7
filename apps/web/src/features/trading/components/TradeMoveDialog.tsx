import { formatUsd } from '@app/shared/money';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import type { Book } from '../../../lib/book';
import type { ButtonVariant } from '../../../ui';
import { markedTitle } from '../../../ui/practiceToast';
import { SummaryRow } from './TradeFigures';
import { TradeDialog } from './TradeDialog';

/**
 * The confirmation of a money move on an open trade (claim the profit, close the trade): the
 * dialog's texts are `texts`' (`claim.title`, `claim.confirm`, …). Confirming books the move behind
 * one toast: `pending` while it runs, then the success with what was `booked` (and the dialog
 * closes), or the failure with the server's reason. `refusal` names an error that needs a toast of
 * its own and leaves nothing to retry: that message, and the dialog closes.
 */
export function TradeMoveDialog<TResult>({
  book,
  move,
  texts,
  pending,
  booked,
  refusal,
  confirmVariant,
  onClose,
  children,
}: {
  /** The copy's book: a practice copy's toasts carry the practice marker. */
  book: Book;
  move: UseMutationResult<TResult, Error, void>;
  texts: 'claim' | 'close';
  pending: string;
  booked: (result: TResult) => string;
  refusal?: (error: Error) => string | undefined;
  /** The confirm button's look ('danger' for a close); the primary one otherwise. */
  confirmVariant?: ButtonVariant;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');

  function confirm() {
    const toastId = toast.loading(pending);
    mutateAndReport(move, undefined, {
      onSuccess: (result) => {
        toast.success(markedTitle(book, t(`${texts}.success`)), {
          id: toastId,
          description: booked(result),
        });
        onClose();
      },
      onError: (error) => {
        const refused = refusal?.(error);
        if (refused !== undefined) {
          toast.error(refused, { id: toastId });
          onClose();
          return;
        }
        toast.error(t(`${texts}.failed`), { id: toastId, description: errorMessage(error) });
      },
    });
  }

  return (
    <TradeDialog
      texts={texts}
      mutation={move}
      onClose={onClose}
      cancelLabel={t(`${texts}.cancel`)}
      confirm={{ label: t(`${texts}.confirm`), variant: confirmVariant, onClick: confirm }}
    >
      {children}
    </TradeDialog>
  );
}

/**
 * A move's figures: its rows, then what the move leaves (`total`, strong, under a rule), then the
 * note on the performance fee.
 */
export function MoveFigures({
  total,
  note,
  children,
}: {
  total: { label: string; testId: string; cents: number };
  note: string;
  children: ReactNode;
}) {
  return (
    <>
      <dl className="flex flex-col gap-3 text-sm">
        {children}
        <div className="border-t border-border pt-3">
          <SummaryRow label={total.label} strong testId={total.testId}>
            {formatUsd(total.cents)}
          </SummaryRow>
        </div>
      </dl>
      <p className="mt-4 text-xs leading-relaxed text-muted">{note}</p>
    </>
  );
}
