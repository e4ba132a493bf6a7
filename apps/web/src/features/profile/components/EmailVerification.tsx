import type { Me } from '@app/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, toastReport } from '../../../ui';
import { pendingEmailChangeQuery, useSendVerification } from '../api';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { SecurityRow } from './SecurityRow';
import { mutateAndReport } from '../../../lib/mutation';

export function EmailVerification({ user }: { user: Me }) {
  const { t } = useTranslation('profile');
  const send = useSendVerification();
  const [changing, setChanging] = useState(false);
  // A change of address asked for but not confirmed yet: the address stays as it is until then.
  const pending = useQuery(pendingEmailChangeQuery).data;
  return (
    <SecurityRow
      title={t('email.title')}
      status={
        <Badge tone={user.emailVerified ? 'success' : 'warning'}>
          {user.emailVerified ? t('email.verified') : t('email.unverified')}
        </Badge>
      }
      description={
        <>
          {user.emailVerified
            ? t('email.verifiedBody', { email: user.email })
            : t('email.unverifiedBody', { email: user.email })}
          {pending && (
            <span className="mt-1 block text-warning" data-testid="pending-email-change">
              {t('email.pendingChange', { email: pending.newEmail })}
            </span>
          )}
        </>
      }
      action={
        <div className="flex flex-wrap gap-2">
          {!user.emailVerified && (
            <Button
              variant="secondary"
              loading={send.isPending}
              onClick={() => mutateAndReport(send, undefined, toastReport(t('email.sent')))}
            >
              {t('email.send')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setChanging(true)}>
            {t('changeEmail.open')}
          </Button>
        </div>
      }
    >
      <ChangeEmailDialog user={user} open={changing} onOpenChange={setChanging} />
    </SecurityRow>
  );
}
