import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../../ui';
import { adminApi, type AdminStrategy } from '../../api';
import { useAdminMutation } from '../../hooks/useAdminMutation';
import { onClosed } from '../DialogForm';

/** The Unwind dialog of a retired strategy (closed while `strategy` is null). */
export function UnwindDialog({
  strategy,
  onClose,
}: {
  strategy: AdminStrategy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={strategy !== null}
      onOpenChange={onClosed(onClose)}
      title={strategy ? t('strategies.unwindTitle', { name: strategy.name }) : ''}
      description={t('strategies.unwindHint')}
    >
      {strategy && <UnwindPositions strategy={strategy} />}
    </Modal>
  );
}

/**
 * A retired strategy's positions, each with Close: an order that only reduces (the server takes
 * nothing else while it is retired). The list refreshes from the strategies query.
 */
function UnwindPositions({ strategy }: { strategy: AdminStrategy }) {
  const { t } = useTranslation('admin');
  const close = useAdminMutation({
    mutationFn: (position: AdminStrategy['positions'][number]) =>
      adminApi.unwindOrder(strategy.id, {
        symbol: position.symbol,
        side: position.side,
        targetWeight: '0',
      }),
    messages: (position) => ({
      success: t('toasts.positionClosed', { symbol: position.symbol }),
      failure: t('toasts.positionCloseFailed'),
    }),
  });
  if (strategy.positions.length === 0) {
    return <p className="text-sm text-muted">{t('strategies.unwound')}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-border">
      {strategy.positions.map((position) => (
        <li key={position.symbol} className="flex items-center justify-between gap-3 py-3">
          <span className="text-sm">
            <span className="font-medium">{position.symbol}</span>{' '}
            <span className="text-muted">
              {t(`strategies.side.${position.side}`)} · {position.weightPct}%
            </span>
          </span>
          <Button
            size="sm"
            variant="secondary"
            loading={close.isPending && close.variables?.symbol === position.symbol}
            disabled={close.isPending}
            onClick={() => close.mutate(position)}
          >
            {t('strategies.closePosition')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
