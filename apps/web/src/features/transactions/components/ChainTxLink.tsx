import type { ChainTx } from '@app/shared/schemas/transactions';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../ui';

/** A transaction hash shortened for a narrow row: `0x1234abcd…9f8e7d6c`. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

/**
 * The chain transaction behind a deposit or payout: its hash, shortened (the whole hash on hover
 * and on copy), and its page on the network's explorer, in a new tab.
 */
export function ChainTxLink({ chainTx }: { chainTx: ChainTx }) {
  const { t } = useTranslation('transactions');
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
      <span>{t('chain.hash')}</span>
      <span className="font-mono tracking-tight text-text" title={chainTx.hash}>
        {shortHash(chainTx.hash)}
      </span>
      <CopyButton
        value={chainTx.hash}
        label={t('chain.copy')}
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-xs"
      />
      {chainTx.explorerUrl && (
        <a
          href={chainTx.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-strong underline underline-offset-2"
        >
          {t('chain.explorer')}
          <span className="sr-only"> {t('chain.newTab')}</span>
        </a>
      )}
    </p>
  );
}
