import type { Me } from '@app/shared/schemas/auth';
import { disableTwoFactorSchema } from '@app/shared/schemas/auth';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage, showErrorOnForm } from '../../../lib/requestErrors';
import { Badge, Button, CopyButton, Modal } from '../../../ui';
import {
  CurrentPasswordField,
  DialogForm,
  Form,
  OneTimeCodeField,
  resettingClose,
  useSchemaForm,
} from '../../../ui/forms';
import { profileApi, useBeginTwoFactor, useInvalidateProfile } from '../api';
import { useOtpForm } from '../../auth/hooks/useOtpForm';
import { SecurityRow } from './SecurityRow';
import { mutateAndReport } from '../../../lib/mutation';
import type { DialogProps } from './dialogProps';

export function TwoFactorSettings({ user }: { user: Me }) {
  const { t } = useTranslation('profile');
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [disabling, setDisabling] = useState(false);
  const begin = useBeginTwoFactor();

  return (
    <SecurityRow
      title={t('twoFactor.title')}
      status={
        <Badge tone={user.twoFactorEnabled ? 'success' : 'neutral'}>
          {user.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      }
      description={user.twoFactorEnabled ? t('twoFactor.onBody') : t('twoFactor.offBody')}
      action={
        user.twoFactorEnabled ? (
          <Button variant="secondary" onClick={() => setDisabling(true)}>
            {t('twoFactor.disable')}
          </Button>
        ) : (
          <Button
            loading={begin.isPending}
            onClick={() =>
              mutateAndReport(begin, undefined, {
                onSuccess: setSetup,
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('twoFactor.enable')}
          </Button>
        )
      }
    >
      {setup && <EnableTwoFactorDialog setup={setup} onClose={() => setSetup(null)} />}
      <DisableTwoFactorDialog open={disabling} onOpenChange={setDisabling} />
    </SecurityRow>
  );
}

/** Step 1: scan the QR code and confirm a code. Step 2: the recovery codes, shown once. */
function EnableTwoFactorDialog({
  setup,
  onClose,
}: {
  setup: { secret: string; otpauthUrl: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('profile');
  const invalidate = useInvalidateProfile();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { field, error, isSubmitting, submit } = useOtpForm(async (otp) => {
    const result = await profileApi.enableTwoFactor(otp);
    toast.success(t('twoFactor.enabled'));
    setRecoveryCodes(result.recoveryCodes);
    invalidate();
  });

  if (recoveryCodes) return <RecoveryCodesDialog codes={recoveryCodes} onClose={onClose} />;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('twoFactor.setupTitle')}
      description={t('twoFactor.scan')}
    >
      <Form onSubmit={submit} className="flex flex-col gap-5">
        <div className="self-center rounded-xl bg-white p-3">
          <QRCodeSVG
            value={setup.otpauthUrl}
            size={184}
            level="M"
            title={t('twoFactor.qrLabel')}
            role="img"
            aria-label={t('twoFactor.qrLabel')}
          />
        </div>
        <div>
          <p className="text-xs text-muted">{t('twoFactor.secretLabel')}</p>
          <div className="mt-1 flex items-center gap-2">
            <code className="min-w-0 flex-1 rounded-md bg-surface-2 px-3 py-2 font-mono text-sm break-all text-text">
              {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
            <CopyButton value={setup.secret} size="sm" />
          </div>
        </div>
        <OneTimeCodeField
          label={t('twoFactor.code')}
          inputMode="numeric"
          hint={t('twoFactor.codeHint')}
          error={error}
          {...field}
        />
        <p className="text-sm text-muted">{t('twoFactor.otherSessions')}</p>
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('twoFactor.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}

/** Step 2 of turning two-factor on: the recovery codes, shown once, to copy or write down. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('twoFactor.codesTitle')}
      description={t('twoFactor.codesBody')}
      footer={
        <>
          <CopyButton value={codes.join('\n')} label={t('twoFactor.copyCodes')} />
          <Button onClick={onClose}>{t('twoFactor.done')}</Button>
        </>
      }
    >
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface-2 px-3 py-2 text-center text-text">
            {code}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function DisableTwoFactorDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation('profile');
  const invalidate = useInvalidateProfile();
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useSchemaForm(
    disableTwoFactorSchema,
    { defaultValues: { password: '', otp: '' } },
  );

  const close = resettingClose(reset, onOpenChange);

  const submit = handleSubmit(async (input) => {
    try {
      await profileApi.disableTwoFactor(input);
      toast.success(t('twoFactor.disabled'));
      invalidate();
      close(false);
    } catch (error) {
      showErrorOnForm(error, setError, ['password', 'otp'], 'password');
    }
  });

  return (
    <DialogForm
      open={open}
      onOpenChange={close}
      title={t('twoFactor.disableTitle')}
      description={t('twoFactor.disableBody')}
      onSubmit={submit}
      actions={{
        cancelLabel: t('twoFactor.cancel'),
        submitLabel: t('twoFactor.disableConfirm'),
        pending: isSubmitting,
        variant: 'danger',
      }}
    >
      <CurrentPasswordField
        label={t('twoFactor.disablePassword')}
        error={errors.password?.message}
        {...register('password')}
      />
      <OneTimeCodeField
        label={t('twoFactor.disableCode')}
        error={errors.otp?.message}
        {...register('otp')}
      />
    </DialogForm>
  );
}
