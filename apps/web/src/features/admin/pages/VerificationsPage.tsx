import {
  DOCUMENT_KINDS,
  REVIEW_REASON_MAX,
  type AdminVerification,
  type DocumentKind,
  type VerificationDocument,
} from '@app/shared/schemas/verification';
import { formatDate } from '../../../lib/dates';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  LoadingBlock,
  inputClasses,
} from '../../../ui';
import { adminApi, adminDocumentUrl, adminKeys, type VerificationQueueStatus } from '../api';
import { AppropriatenessSettingsCard, QuestionnaireCard } from '../components/AppropriatenessCards';
import { PendingSettingChange } from '../components/ApprovalActions';
import { LoadError, PageIntro } from '../components/QueryStates';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { StatusFilter, useStatusParam } from '../components/StatusFilter';
import { SettingCheckbox, useVerificationSettingSave } from '../components/SettingCheckbox';

const STATUSES: readonly VerificationQueueStatus[] = ['submitted', 'rejected', 'approved'];
const TONES = {
  draft: 'neutral',
  submitted: 'warning',
  rejected: 'danger',
  approved: 'success',
} as const;

/**
 * /admin/verifications: the account review queue (issue 21). Each submission shows its details
 * beside its documents (images inline, PDFs as a link, all through the audited admin route); the
 * admin approves (the account is activated) or rejects with a reason and, optionally, the document
 * to upload again. The setting above decides whether the bare Activate needs an approval.
 */
export function VerificationsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useStatusParam<VerificationQueueStatus>(STATUSES, 'submitted');
  const query = useQuery({
    queryKey: adminKeys.verifications(status),
    queryFn: ({ signal }) => adminApi.listVerifications(status, signal),
  });

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('verifications.intro')}</PageIntro>
      <div className="grid gap-5 lg:grid-cols-2">
        <VerificationSettingCard />
        <AppropriatenessSettingsCard />
      </div>
      <QuestionnaireCard />
      <StatusFilter
        label={t('verifications.show')}
        statuses={STATUSES}
        value={status}
        optionLabel={(value) => t(`verifications.statuses.${value}`)}
        onChange={setStatus}
      />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.verifications.length === 0 ? (
        <EmptyState title={t(`verifications.empty.${status}`)} />
      ) : (
        <ul className="flex flex-col gap-5" aria-label={t('titles.verifications')}>
          {query.data.verifications.map((verification) => (
            <li key={verification.id}>
              <Submission verification={verification} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VerificationSettingCard() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: adminKeys.verificationSetting,
    queryFn: ({ signal }) => adminApi.verificationSetting(signal),
  });
  const mutation = useVerificationSettingSave((verificationRequired: boolean) =>
    adminApi.updateVerificationSetting({ verificationRequired }),
  );
  return (
    <Card
      title={t('verifications.setting.title')}
      description={t('verifications.setting.description')}
    >
      <SettingCheckbox
        className="text-sm"
        label={t('verifications.setting.label')}
        checked={query.data?.verificationRequired ?? false}
        disabled={!query.data || mutation.isPending}
        onChange={(checked) => mutation.mutate(checked)}
      />
      <PendingSettingChange setting="verification_required" />
    </Card>
  );
}

function Submission({ verification }: { verification: AdminVerification }) {
  const { t } = useTranslation('admin');
  const tv = useTranslation('verification').t;
  const details = verification.details;
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="verification-submission"
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {details?.legalName ?? verification.userName}
          </h2>
          <Link
            to={`/admin/users/${verification.userId}`}
            className="text-sm break-all text-muted hover:text-brand-strong"
          >
            {verification.userName} · {verification.userEmail}
          </Link>
          <p className="mt-1 text-xs text-muted">
            {verification.submittedAt &&
              t('verifications.submittedAt', { date: formatDate(verification.submittedAt) })}
            {verification.decidedAt &&
              ` · ${t('verifications.decidedAt', { date: formatDate(verification.decidedAt) })}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={TONES[verification.status]}>
            {t(
              `verifications.statuses.${verification.status === 'draft' ? 'submitted' : verification.status}`,
            )}
          </Badge>
          <Badge tone={verification.userActive ? 'success' : 'neutral'}>
            {t(verification.userActive ? 'verifications.active' : 'verifications.inactive')}
          </Badge>
        </div>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={t('verifications.details')}>
          <h3 className="mb-2 text-sm font-semibold text-muted">{t('verifications.details')}</h3>
          {details ? (
            <dl className="grid gap-2 text-sm">
              {(
                [
                  ['legalName', details.legalName],
                  ['dateOfBirth', formatDate(`${details.dateOfBirth}T00:00:00Z`)],
                  ['address', details.address],
                  ['nationality', details.nationality],
                  ['documentType', tv(`documentTypes.${details.documentType}`)],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
                  <dt className="text-muted">{tv(`fields.${key}`)}</dt>
                  <dd className="font-medium break-words">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted">{t('verifications.noDetails')}</p>
          )}
          {verification.status === 'rejected' && verification.reason && (
            <p className="mt-3 text-sm break-words">
              {t('verifications.reasonLine', { reason: verification.reason })}
            </p>
          )}
        </section>
        <section aria-label={t('verifications.documents')}>
          <h3 className="mb-2 text-sm font-semibold text-muted">{t('verifications.documents')}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            {verification.documents.map((document) => (
              <DocumentView key={document.id} document={document} />
            ))}
          </div>
        </section>
      </div>
      {verification.status === 'submitted' && <Decision verification={verification} />}
    </article>
  );
}

function DocumentView({ document }: { document: VerificationDocument }) {
  const { t } = useTranslation('admin');
  const tv = useTranslation('verification').t;
  const name = tv(`documents.kinds.${document.kind}`);
  const url = adminDocumentUrl(document.id);
  return (
    <figure className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-border p-2">
      {document.deletedAt ? (
        <p className="flex h-32 items-center justify-center rounded-md bg-surface-2 p-3 text-center text-sm text-muted">
          {t('verifications.deletedFile', { date: formatDate(document.deletedAt) })}
        </p>
      ) : document.mediaType === 'application/pdf' ? (
        // Served as an attachment (a PDF may carry scripts): downloaded, never opened in our origin.
        <a
          href={url}
          download
          className="flex h-32 items-center justify-center rounded-md bg-surface-2 text-sm font-medium text-brand-strong hover:underline"
        >
          {t('verifications.downloadPdf', { document: name })}
        </a>
      ) : (
        <a href={url} target="_blank" rel="noreferrer" title={t('verifications.openImage')}>
          <img
            src={url}
            alt={name}
            loading="lazy"
            className="max-h-64 w-full rounded-md bg-surface-2 object-contain"
          />
        </a>
      )}
      <figcaption className="text-xs text-muted">{name}</figcaption>
    </figure>
  );
}

function Decision({ verification }: { verification: AdminVerification }) {
  const { t } = useTranslation('admin');
  const tv = useTranslation('verification').t;
  const { user } = useSession();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [document, setDocument] = useState<DocumentKind | ''>('');
  const [reasonError, setReasonError] = useState(false);
  const reasonId = useId();
  const documentId = useId();
  const name = verification.details?.legalName ?? verification.userName;
  const approve = useAdminMutation({
    mutationFn: () => adminApi.approveVerification(verification.id),
    messages: () => ({
      success: t('verifications.toasts.approved'),
      failure: t('verifications.toasts.approveFailed'),
    }),
    onSuccess: () => setApproving(false),
  });
  const reject = useAdminMutation({
    mutationFn: () =>
      adminApi.rejectVerification(verification.id, {
        reason: reason.trim(),
        ...(document ? { document } : {}),
      }),
    messages: () => ({
      success: t('verifications.toasts.rejected'),
      failure: t('verifications.toasts.rejectFailed'),
    }),
    onSuccess: () => setRejecting(false),
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
        <form
          noValidate
          aria-label={t('verifications.rejectTitle', { name })}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') {
              setReasonError(true);
              return;
            }
            reject.mutate();
          }}
        >
          <h3 className="font-semibold">{t('verifications.rejectTitle', { name })}</h3>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={documentId} className="text-sm font-medium">
              {t('verifications.documentLabel')}
            </label>
            <select
              id={documentId}
              value={document}
              onChange={(event) => setDocument(event.target.value as DocumentKind | '')}
              className={`${inputClasses} border-border sm:max-w-sm`}
            >
              <option value="">{t('verifications.documentNone')}</option>
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {tv(`documents.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-medium">
              {t('verifications.reasonLabel')}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={REVIEW_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(false);
              }}
              className={clsx(
                inputClasses,
                'min-h-24 py-2',
                reasonError ? 'border-danger' : 'border-border',
              )}
            />
            {reasonError && (
              <p className="text-sm text-danger">{t('verifications.reasonRequired')}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" loading={reject.isPending}>
              {t('verifications.confirmReject')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setRejecting(false)}>
              {t('verifications.cancel')}
            </Button>
          </div>
        </form>
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
