import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { emailChangeQuery } from '../api';
import { LinkOutcomePage } from '../components/LinkOutcome';
import { useEmailedLink, useSessionReloadWhen } from '../hooks/useEmailedLink';

/** The page the change-of-address e-mail links to: /confirm-email?userId=…&secret=… */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation('auth');
  const link = useEmailedLink();
  const { complete } = link;
  const session = useSession();
  const change = useQuery(emailChangeQuery(link));
  useSessionReloadWhen(change.isSuccess);

  let next: { to: string; label: string } | null;
  if (complete && change.isPending) next = null;
  else if (session.user) next = { to: '/profile', label: t('confirmEmail.toProfile') };
  else next = { to: '/login', label: t('confirmEmail.toLogin') };

  return (
    <LinkOutcomePage
      title={t('confirmEmail.title')}
      complete={complete}
      query={change}
      texts={{
        failedDetail: t('confirmEmail.retryHint'),
        success: t('confirmEmail.success'),
      }}
      next={next}
    />
  );
}
