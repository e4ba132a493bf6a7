import {
  DOCUMENT_KINDS,
  REVIEW_REASON_MAX,
  type AdminVerification,
  type DocumentKind,
} from '@app/shared/schemas/verification';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/auth';
import { Button, ConfirmDialog, inputClasses } from '../../../../ui';
import { adminApi } from '../../api';
import { useAdminMutation } from '../../hooks/useAdminMutation';
import { LabelledField } from '../LabelledField';

/** Approve (after a confirmation) or reject with a reason; never one's own submission. */
export function Decision({ verification }: { verification: AdminVerification }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  // Held here, not in the form: cancelled and opened again, the form keeps what was typed.
  const rejection = useRejection(verification, () => setRejecting(false));
  const name = verification.details?.legalName ?? verification.userName;
  const approve = useAdminMutation({
    mutationFn: () => adminApi.approveVerification(verification.id),
    messages: {
      success: t('verifications.toasts.approved'),
      failure: t('verifications.toasts.approveFailed'),
    },
    onSuccess: () => setApproving(false),
  });
  if (user?.id === verification.userId) {
    return <p className="text-sm text-muted">{t('verifications.yours')}</p>;
  }
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      {!rejecting && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setApproving(true)}>{t('verifications.approve')}</Button>
          <Button variant="danger" onClick={() => setRejecting(true)}>
            {t('verifications.reject')}
          </Button>
        </div>
      )}
      {rejecting && (
        <RejectForm name={name} rejection={rejection} onCancel={() => setRejecting(false)} />
      )}
      <ConfirmDialog
        open={approving}
        onOpenChange={setApproving}
        title={t('verifications.approveTitle', { name })}
        description={t('verifications.approveBody', { name })}
        confirmLabel={t('verifications.approve')}
        cancelLabel={t('common.cancel')}
        busy={approve.isPending}
        onConfirm={() => approve.mutate()}
      />
    </div>
  );
}

type Rejection = ReturnType<typeof useRejection>;

/** The rejection's reason and document to upload again, and the request that sends them. */
function useRejection(verification: AdminVerification, onDone: () => void) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [document, setDocument] = useState<DocumentKind | ''>('');
  const [reasonError, setReasonError] = useState(false);
  const reject = useAdminMutation({
    mutationFn: () =>
      adminApi.rejectVerification(verification.id, {
        reason: reason.trim(),
        ...(document ? { document } : {}),
      }),
    messages: {
      success: t('verifications.toasts.rejected'),
      failure: t('verifications.toasts.rejectFailed'),
    },
    onSuccess: onDone,
  });
  function submit() {
    if (reason.trim() === '') {
      setReasonError(true);
      return;
    }
    reject.mutate();
  }
  function changeReason(text: string) {
    setReason(text);
    setReasonError(false);
  }
  return { reason, changeReason, document, setDocument, reasonError, submit, reject };
}

function RejectForm({
  name,
  rejection,
  onCancel,
}: {
  name: string;
  rejection: Rejection;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <form
      noValidate
      aria-label={t('verifications.rejectTitle', { name })}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        rejection.submit();
      }}
    >
      <h3 className="font-semibold">{t('verifications.rejectTitle', { name })}</h3>
      <DocumentSelect value={rejection.document} onChange={rejection.setDocument} />
      <ReasonField
        value={rejection.reason}
        invalid={rejection.reasonError}
        onChange={rejection.changeReason}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" loading={rejection.reject.isPending}>
          {t('verifications.confirmReject')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('verifications.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DocumentSelect({
  value,
  onChange,
}: {
  value: DocumentKind | '';
  onChange: (kind: DocumentKind | '') => void;
}) {
  const { t } = useTranslation('admin');
  const tv = useTranslation('verification').t;
  const id = useId();
  return (
    <LabelledField id={id} label={t('verifications.documentLabel')} error={undefined}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as DocumentKind | '')}
        className={`${inputClasses} border-border sm:max-w-sm`}
      >
        <option value="">{t('verifications.documentNone')}</option>
        {DOCUMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {tv(`documents.kinds.${kind}`)}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

function ReasonField({
  value,
  invalid,
  onChange,
}: {
  value: string;
  invalid: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <LabelledField
      id={id}
      label={t('verifications.reasonLabel')}
      error={invalid ? t('verifications.reasonRequired') : undefined}
    >
      <textarea
        id={id}
        value={value}
        maxLength={REVIEW_REASON_MAX}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(inputClasses, 'min-h-24 py-2', invalid ? 'border-danger' : 'border-border')}
      />
    </LabelledField>
  );
}
