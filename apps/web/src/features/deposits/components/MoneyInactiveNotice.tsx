import { accountStanding } from '@app/shared/standing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { buttonClasses, Card, ShieldIcon } from '../../../ui';

/** In place of a money form while the account is not active yet (the server refuses it too). */
export function MoneyInactiveNotice({
  title,
  body,
  contactLabel,
}: {
  title: ReactNode;
  body: ReactNode;
  contactLabel: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <div className="flex flex-col items-center gap-4 py-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-warning/10 text-warning ring-1 ring-warning/30">
          <ShieldIcon width={28} height={28} />
        </span>
        <h2 className="text-xl font-semibold text-text">{title}</h2>
        <p className="max-w-md text-sm text-muted">{body}</p>
        <Link to="/support" className={buttonClasses('primary', 'md')}>
          {contactLabel}
        </Link>
      </div>
    </Card>
  );
}

/**
 * The deposit pages' content for a signed-in, active account; otherwise the notice in its place:
 * a new account waits for activation, a deactivated one is told its money can still leave.
 */
export function ActiveAccountOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('deposits');
  const { user } = useSession();
  if (!user) return null;
  if (!user.isActive) {
    const notice = accountStanding(user) === 'deactivated' ? 'deactivated' : 'inactive';
    return (
      <MoneyInactiveNotice
        title={t(`${notice}.title`)}
        body={t(`${notice}.body`)}
        contactLabel={t(`${notice}.contactSupport`)}
      />
    );
  }
  return <>{children}</>;
}
