import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { sessionQueryKey, useSession } from '../../../lib/auth';
import { buttonClasses } from '../../../ui';
import { emailChangeQuery } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { LinkOutcome } from '../components/LinkOutcome';

/** The page the change-of-address e-mail links to: /confirm-email?userId=…&secret=… */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const secret = params.get('secret') ?? '';
  const complete = Boolean(userId && secret);
  const session = useSession();
  const queryClient = useQueryClient();
  const change = useQuery(emailChangeQuery(userId, secret));

  useEffect(() => {
    if (change.isSuccess) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [change.isSuccess, queryClient]);

  const body = (
    <LinkOutcome
      complete={complete}
      query={change}
      texts={{
        missing: t('confirmEmail.missing'),
        failed: t('confirmEmail.failed'),
        failedDetail: t('confirmEmail.retryHint'),
        success: t('confirmEmail.success'),
      }}
    />
  );

  const next = session.user
    ? { to: '/profile', label: t('confirmEmail.toProfile') }
    : { to: '/login', label: t('confirmEmail.toLogin') };

  return (
    <AuthLayout title={t('confirmEmail.title')}>
      <div className="flex flex-col gap-6">
        {body}
        {!(complete && change.isPending) && (
          <Link to={next.to} className={buttonClasses('primary', 'lg', true)}>
            {next.label}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
