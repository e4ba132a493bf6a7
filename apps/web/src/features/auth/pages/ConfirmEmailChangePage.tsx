import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { buttonClasses } from '../../../ui';
import { emailChangeQuery } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { LinkOutcome } from '../components/LinkOutcome';
import { useEmailedLink, useSessionReloadWhen } from '../hooks/useEmailedLink';

/** The page the change-of-address e-mail links to: /confirm-email?userId=…&secret=… */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation('auth');
  const link = useEmailedLink();
  const { complete } = link;
  const session = useSession();
  const change = useQuery(emailChangeQuery(link));
  useSessionReloadWhen(change.isSuccess);

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
