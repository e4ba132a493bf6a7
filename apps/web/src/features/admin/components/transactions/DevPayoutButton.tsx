import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, WarningIcon } from '../../../../ui';
import { chainRailsQuery } from '../../../deposits/chainApi';
import { adminApi } from '../../api';
import { useAdminMutation } from '../../hooks/useAdminMutation';

/**
 * The development chain only (its rail says `development`), where an admin has no wallet to pay
 * from: "Send from the development wallet" has the server send the withdrawal's net amount in
 * test tokens to its address (once) and puts the transaction's hash in the field (`onSent`). The admin
 * then pays with it like any payout: the server checks it on the chain. Labelled as test money;
 * the outcome is toasted as any admin action's.
 */
export function DevPayoutButton({
  withdrawalId,
  rail,
  net,
  onSent,
}: {
  withdrawalId: string;
  rail: { network: string; token: string };
  /** The net amount, as the dialog shows it ("$49.00"). */
  net: string;
  onSent: (txHash: string) => void;
}) {
  const { t } = useTranslation('admin');
  const rails = useQuery(chainRailsQuery);
  const send = useAdminMutation({
    mutationFn: () => adminApi.sendDevPayout(withdrawalId),
    messages: {
      success: t('railPayouts.devPayout.sent', { token: rail.token }),
      failure: t('railPayouts.devPayout.failed'),
    },
    onSuccess: ({ txHash }) => onSent(txHash),
  });
  const development = rails.data?.some(
    (candidate) =>
      candidate.development && candidate.network === rail.network && candidate.token === rail.token,
  );
  if (!development) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/5 p-3 text-sm">
      <p className="flex gap-2 text-muted">
        <WarningIcon className="mt-0.5 shrink-0 text-warning" aria-hidden />
        <span>{t('railPayouts.devPayout.note', { net, token: rail.token })}</span>
      </p>
      {/* Sent once: the hash is in the field (a second press would send the payout again). */}
      <Button
        variant="secondary"
        size="sm"
        loading={send.isPending}
        disabled={send.isSuccess}
        onClick={() => send.mutate()}
        className="h-auto min-h-9 py-1.5 sm:self-start"
      >
        {t('railPayouts.devPayout.button')}
      </Button>
    </div>
  );
}
