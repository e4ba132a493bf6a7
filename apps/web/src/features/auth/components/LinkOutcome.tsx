import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api';
import { buttonClasses, CheckIcon, CloseIcon, LoadingBlock } from '../../../ui';
import { AuthLayout } from './AuthLayout';

interface LinkOutcomeProps {
  /** The address carries both the user id and the secret. */
  complete: boolean;
  query: { isError: boolean; isSuccess: boolean; error: unknown };
  /** `missing` and `failed` say "This link is incomplete/invalid…" unless a page words its own. */
  texts: {
    missing?: string;
    missingDetail?: string;
    /** Said when the refusal carries no reason of its own. */
    failed?: string;
    failedDetail?: string;
    /** Unset where success leads on to another page (nothing to read meanwhile). */
    success?: string;
  };
}

/** The page a link from an e-mail lands on: what became of the link, then the way on, if any. */
export function LinkOutcomePage({
  title,
  footer,
  next,
  ...outcome
}: LinkOutcomeProps & {
  title: string;
  footer?: ReactNode;
  /** A big button to where the user goes next; null while there is nowhere to go yet. */
  next: { to: string; label: string; variant?: 'primary' | 'secondary' } | null;
}) {
  return (
    <AuthLayout title={title} footer={footer}>
      <div className="flex flex-col gap-6">
        <LinkOutcome {...outcome} />
        {next && (
          <Link to={next.to} className={buttonClasses(next.variant ?? 'primary', 'lg', true)}>
            {next.label}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}

/**
 * What became of following a link from an e-mail (/verify, /confirm-email, /magic): the address
 * is incomplete, the link is being checked, it was refused (with the server's reason), or done.
 */
function LinkOutcome({ complete, query, texts }: LinkOutcomeProps) {
  const { t } = useTranslation('auth');
  if (!complete) {
    const message = texts.missing ?? t('confirmEmail.missing');
    return <Outcome ok={false} message={message} detail={texts.missingDetail} />;
  }
  if (query.isError) {
    const message =
      query.error instanceof ApiRequestError
        ? query.error.message
        : (texts.failed ?? t('confirmEmail.failed'));
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
