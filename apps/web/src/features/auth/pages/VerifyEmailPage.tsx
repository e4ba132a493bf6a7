import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { sessionQueryKey, useSession } from '../../../lib/auth';
import { ApiRequestError } from '../../../lib/api';
import { buttonClasses, CheckIcon, CloseIcon, LoadingBlock } from '../../../ui';
import { verificationQuery } from '../api';
import { AuthLayout } from '../components/AuthLayout';

/** The page a verification e-mail links to: /verify?userId=…&secret=… */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  const complete = Boolean(userId && secret);
  const session = useSession();
  const queryClient = useQueryClient();

  const verification = useQuery(verificationQuery(userId, secret));

  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [verification.isSuccess, queryClient]);

  let body;
  if (!complete) {
    body = <Outcome ok={false} message={t('verify.missing')} detail={t('verify.resendHint')} />;
  } else if (verification.isPending) {
    body = <LoadingBlock />;
  } else if (verification.isError) {
    const message =
      verification.error instanceof ApiRequestError
        ? verification.error.message
        : t('verify.failed');
    body = <Outcome ok={false} message={message} detail={t('verify.resendHint')} />;
  } else {
    body = <Outcome ok message={t('verify.success')} />;
  }

  // Where to go next: on to the dashboard once verified, else to the profile (to resend) or login.
  let next: { to: string; label: string; variant: 'primary' | 'secondary' } | null;
  if (complete && verification.isPending) next = null;
  else if (verification.isSuccess && session.user)
    next = { to: '/dashboard', label: t('verify.toDashboard'), variant: 'primary' };
  else if (session.user)
    next = { to: '/profile', label: t('verify.toProfile'), variant: 'secondary' };
  else next = { to: '/login', label: t('verify.toLogin'), variant: 'secondary' };

  return (
    <AuthLayout title={t('verify.title')}>
      <div className="flex flex-col gap-6">
        {body}
        {next && (
          <Link to={next.to} className={buttonClasses(next.variant, 'lg', true)}>
            {next.label}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}

export function Outcome({
  ok,
  message,
  detail,
}: {
  ok: boolean;
  message: string;
  detail?: string;
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
