import type { AdminVerification, VerificationDocument } from '@app/shared/schemas/verification';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import { Badge } from '../../../../ui';
import { adminDocumentUrl } from '../../api';
import { VerificationDetailsList } from '../../../verification/components/VerificationDetailsList';
import { Decision } from './Decision';

const TONES = {
  draft: 'neutral',
  submitted: 'warning',
  rejected: 'danger',
  approved: 'success',
} as const;

/** One submission in the review queue: who, its details beside its documents, the decision. */
export function Submission({ verification }: { verification: AdminVerification }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="verification-submission"
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <SubmissionHeader verification={verification} headingId={headingId} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SubmissionDetails verification={verification} />
        <SubmissionDocuments documents={verification.documents} />
      </div>
      {verification.status === 'submitted' && <Decision verification={verification} />}
    </article>
  );
}

function SubmissionHeader({
  verification,
  headingId,
}: {
  verification: AdminVerification;
  headingId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {verification.details?.legalName ?? verification.userName}
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
  );
}

function SubmissionDetails({ verification }: { verification: AdminVerification }) {
  const { t } = useTranslation('admin');
  const details = verification.details;
  return (
    <section aria-label={t('verifications.details')}>
      <h3 className="mb-2 text-sm font-semibold text-muted">{t('verifications.details')}</h3>
      {details ? (
        <VerificationDetailsList
          details={details}
          className="grid gap-2 text-sm"
          itemClassName="grid grid-cols-[8rem_minmax(0,1fr)] gap-2"
        />
      ) : (
        <p className="text-sm text-muted">{t('verifications.noDetails')}</p>
      )}
      {verification.status === 'rejected' && verification.reason && (
        <p className="mt-3 text-sm break-words">
          {t('verifications.reasonLine', { reason: verification.reason })}
        </p>
      )}
    </section>
  );
}

function SubmissionDocuments({ documents }: { documents: readonly VerificationDocument[] }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-label={t('verifications.documents')}>
      <h3 className="mb-2 text-sm font-semibold text-muted">{t('verifications.documents')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {documents.map((document) => (
          <DocumentView key={document.id} document={document} />
        ))}
      </div>
    </section>
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
