import type { ChainRail } from '@app/shared/schemas/chain';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { Button, WarningIcon } from '../../../ui';
import { FAUCET_TOKENS, useChainFaucet } from '../chainApi';

/**
 * The development chain only: "Send test USDC" mints test tokens to the investor's own address,
 * so a newcomer sees a deposit credited from a chain. Labelled as test money with no value.
 */
export function ChainFaucetCard({ rail }: { rail: ChainRail }) {
  const { t } = useTranslation('deposits');
  const faucet = useChainFaucet();
  const send = () =>
    mutateAndReport(
      faucet,
      { network: rail.network, amount: FAUCET_TOKENS },
      {
        onSuccess: () =>
          toast.success(t('chain.faucet.sent', { amount: FAUCET_TOKENS, token: rail.token }), {
            description: t('chain.faucet.sentHint'),
          }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <section
      aria-labelledby="chain-faucet-title"
      className="flex flex-col gap-3 rounded-2xl border border-warning/40 bg-warning/5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3">
        <WarningIcon className="mt-0.5 shrink-0 text-warning" aria-hidden />
        <div>
          <h2 id="chain-faucet-title" className="font-semibold text-warning">
            {t('chain.faucet.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('chain.faucet.body', { token: rail.token })}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        loading={faucet.isPending}
        onClick={send}
        className="shrink-0 self-start sm:self-center"
      >
        {t('chain.faucet.button', { token: rail.token })}
      </Button>
    </section>
  );
}
