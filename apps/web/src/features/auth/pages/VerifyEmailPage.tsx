import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { verificationQuery } from '../api';
import { LinkOutcomePage } from '../components/LinkOutcome';
import { useEmailedLink, useSessionReloadWhen } from '../hooks/useEmailedLink';

/** The page a verification e-mail links to: /verify?userId=…&secret=… */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const link = useEmailedLink();
  const { complete } = link;
  const session = useSession();
  const verification = useQuery(verificationQuery(link));
  useSessionReloadWhen(verification.isSuccess);

  // Where to go next: on to the dashboard once verified, else to the profile (to resend) or login.
  let next: { to: string; label: string; variant: 'primary' | 'secondary' } | null;
  if (complete && verification.isPending) next = null;
  else if (verification.isSuccess && session.user)
    next = { to: '/dashboard', label: t('verify.toDashboard'), variant: 'primary' };
  else if (session.user)
    next = { to: '/profile', label: t('verify.toProfile'), variant: 'secondary' };
  else next = { to: '/login', label: t('verify.toLogin'), variant: 'secondary' };

  return (
    <LinkOutcomePage
      title={t('verify.title')}
      complete={complete}
      query={verification}
      texts={{
        missing: t('verify.missing'),
        missingDetail: t('verify.resendHint'),
        failed: t('verify.failed'),
        failedDetail: t('verify.resendHint'),
        success: t('verify.success'),
      }}
      next={next}
    />
  );
}
