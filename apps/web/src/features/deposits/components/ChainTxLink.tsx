import { ArrowUpRightIcon } from '../../../ui';
import { shortHash } from '../../transactions/components/ChainTxLink';

/**
 * A transaction hash on a chain, shortened: a link to the network's explorer when it has one
 * (opened in a new tab), else the hash as text. `label` says what the link does ("View on the
 * explorer"), for screen readers and as its tooltip.
 */
export function ChainTxLink({
  hash,
  explorerUrl,
  label,
}: {
  hash: string;
  explorerUrl: string | null;
  label: string;
}) {
  if (!explorerUrl) {
    return (
      <span className="font-mono text-xs text-muted" title={hash}>
        {shortHash(hash)}
      </span>
    );
  }
  return (
    <a
      href={explorerUrl}
      target="_blank"
      rel="noreferrer"
      title={`${label}: ${hash}`}
      aria-label={`${label}: ${shortHash(hash)}`}
      className="inline-flex items-center gap-1 rounded font-mono text-xs text-brand-strong underline-offset-2 hover:underline"
    >
      {shortHash(hash)}
      <ArrowUpRightIcon width={12} height={12} aria-hidden />
    </a>
  );
}
