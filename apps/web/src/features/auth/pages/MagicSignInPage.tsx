import type { LoginResult } from '@app/shared/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { setSessionUser, useSession } from '../../../lib/auth';
import { authApi, magicLinkQuery } from '../api';
import { AuthFooterLink } from '../components/AuthLayout';
import { OtpStep } from './LoginPage';
import { LinkOutcomePage } from '../components/LinkOutcome';
import { useEmailedLink } from '../hooks/useEmailedLink';

/**
 * The page a sign-in e-mail links to: /magic?userId=…&secret=… The link signs in, or (two-factor
 * on) the account's code is asked for first and sent with the link.
 */
export function MagicSignInPage() {
  const { t } = useTranslation('auth');
  const link = useEmailedLink();
  const { complete } = link;
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const first = useQuery(magicLinkQuery(link));

  function signedIn(result: LoginResult) {
    if (result.status !== 'ok') return;
    toast.success(t('login.toastSuccess'));
    setSessionUser(queryClient, result.user);
    void navigate('/dashboard', { replace: true });
  }

  const firstResult = first.data;
  useEffect(() => {
    if (firstResult?.status === 'ok') {
      toast.success(t('login.toastSuccess'));
      setSessionUser(queryClient, firstResult.user);
    }
  }, [firstResult, queryClient, t]);

  if (firstResult?.status === 'ok' && session.user) return <Navigate to="/dashboard" replace />;
  if (firstResult?.status === 'otp_required') {
    return (
      <OtpStep
        onBack={() => void navigate('/login', { replace: true })}
        onSubmit={async (otp) =>
          signedIn(
            await authApi.signInWithMagicLink({ userId: link.userId, secret: link.secret, otp }),
          )
        }
      />
    );
  }

  return (
    <LinkOutcomePage
      title={t('magic.title')}
      footer={<AuthFooterLink to="/login">{t('magic.backToLogin')}</AuthFooterLink>}
      complete={complete}
      query={first}
      texts={{
        failedDetail: t('magic.failedHint'),
      }}
      next={!complete || first.isError ? { to: '/login/link', label: t('magic.newLink') } : null}
    />
  );
}
