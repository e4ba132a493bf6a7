import { ApiRequestError } from '../../../lib/api';
import { CheckIcon, CloseIcon, LoadingBlock } from '../../../ui';

/**
 * What became of following a link from an e-mail (/verify, /confirm-email, /magic): the address
 * is incomplete, the link is being checked, it was refused (with the server's reason), or done.
 */
export function LinkOutcome({
  complete,
  query,
  texts,
}: {
  /** The address carries both the user id and the secret. */
  complete: boolean;
  query: { isError: boolean; isSuccess: boolean; error: unknown };
  texts: {
    missing: string;
    missingDetail?: string;
    /** Said when the refusal carries no reason of its own. */
    failed: string;
    failedDetail?: string;
    /** Unset where success leads on to another page (nothing to read meanwhile). */
    success?: string;
  };
}) {
  if (!complete) return <Outcome ok={false} message={texts.missing} detail={texts.missingDetail} />;
  if (query.isError) {
    const message = query.error instanceof ApiRequestError ? query.error.message : texts.failed;
    return <Outcome ok={false} message={message} detail={texts.failedDetail} />;
  }
  if (query.isSuccess && texts.success) return <Outcome ok message={texts.success} />;
  return <LoadingBlock />;
}

function Outcome({
  ok,
  message,
  detail,
}: {
  ok: boolean;
  message: string;
  detail?: string | undefined;
}) {
  return (
    <div role={ok ? 'status' : 'alert'} className="flex items-start gap-3">
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
          ok ? 'bg-brand/15 text-brand-strong' : 'bg-danger/15 text-danger'
        }`}
      >
        {ok ? <CheckIcon /> : <CloseIcon />}
      </span>
      <div>
        <p className="font-medium text-text">{message}</p>
        {detail && <p className="mt-1 text-sm text-muted">{detail}</p>}
      </div>
    </div>
  );
}
