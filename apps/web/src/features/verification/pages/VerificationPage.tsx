import {
  ADDRESS_MAX,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MEGABYTES,
  IDENTITY_DOCUMENT_TYPES,
  LEGAL_NAME_MAX,
  NATIONALITY_MAX,
  documentsNeeded,
  verificationDetailsSchema,
  type DocumentKind,
  type MyVerification,
  type VerificationDocument,
} from '@app/shared/schemas/verification';
import { formatDate } from '../../../lib/dates';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateMessage } from '../../../lib/messages';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { Button, Card, LoadingBlock, TextField, inputClasses } from '../../../ui';
import { documentUrl, myVerificationQuery, useSubmitVerification, useUploadDocument } from '../api';
import { VerificationStatusView } from '../components/VerificationStatus';

/**
 * /verification: the account review with evidence. Personal details, an identity document
 * (passport, ID card or driving licence; front and back where it has two) and a proof of address,
 * each taken with the phone's camera or chosen as a file and uploaded at once; then Submit. While
 * under review or once approved the page shows what was sent; a rejection shows the reviewer's
 * reason and opens the form again.
 */
export function VerificationPage() {
  const { t } = useTranslation('verification');
  const query = useQuery(myVerificationQuery);
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm leading-relaxed text-muted">
        {t(query.data?.required ? 'introRequired' : 'intro')}
      </p>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <p className="text-sm text-danger">{errorMessage(query.error)}</p>
      ) : (
        <>
          <VerificationStatusView verification={query.data} linked={false} />
          {query.data.status === 'submitted' || query.data.status === 'approved' ? (
            <Submitted verification={query.data} />
          ) : (
            <VerificationForm verification={query.data} />
          )}
        </>
      )}
    </div>
  );
}

function Submitted({ verification }: { verification: MyVerification }) {
  const { t } = useTranslation('verification');
  const details = verification.details;
  return (
    <Card title={t('sent.title')} description={t('sent.description')}>
      {details && (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {(
            [
              ['legalName', details.legalName],
              ['dateOfBirth', formatDate(`${details.dateOfBirth}T00:00:00Z`)],
              ['address', details.address],
              ['nationality', details.nationality],
              ['documentType', t(`documentTypes.${details.documentType}`)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-muted">{t(`fields.${key}`)}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <ul className="mt-4 flex flex-col gap-2">
        {verification.documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{t(`documents.kinds.${document.kind}`)}</span>
            <a
              href={documentUrl(document.id)}
              target="_blank"
              rel="noreferrer"
              className="text-brand-strong underline-offset-2 hover:underline"
            >
              {t('documents.view')}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function VerificationForm({ verification }: { verification: MyVerification }) {
  const { t } = useTranslation('verification');
  const submit = useSubmitVerification();
  const typeId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(verificationDetailsSchema),
    defaultValues: verification.details ?? {
      legalName: '',
      dateOfBirth: '',
      address: '',
      nationality: '',
      // Nothing chosen yet: the schema refuses it with "Choose passport, ID card or driving licence".
      documentType: '' as never,
    },
  });
  const [missing, setMissing] = useState<DocumentKind | null>(null);
  const documentType = useWatch({ control, name: 'documentType' });
  const needed = documentsNeeded(documentType ?? 'id_card');
  const byKind = new Map(verification.documents.map((d) => [d.kind, d] as const));

  const onSubmit = handleSubmit(async (values) => {
    setMissing(null);
    try {
      await submit.mutateAsync(values);
      toast.success(t('submitted'));
      window.scrollTo({ top: 0 });
    } catch (error) {
      toast.error(errorMessage(error));
      if (
        !applyFieldError(error, setError, ['legalName', 'dateOfBirth', 'address', 'nationality'])
      ) {
        const field = (error as { field?: string }).field;
        if (field && (needed as string[]).includes(field)) setMissing(field as DocumentKind);
      }
    }
  });

  return (
    <form
      noValidate
      aria-label={t('form')}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
    >
      <Card title={t('details.title')} description={t('details.description')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.legalName')}
            hint={t('fields.legalNameHint')}
            autoComplete="name"
            maxLength={LEGAL_NAME_MAX}
            error={errors.legalName?.message}
            {...register('legalName')}
          />
          <TextField
            label={t('fields.dateOfBirth')}
            type="date"
            autoComplete="bday"
            error={errors.dateOfBirth?.message}
            {...register('dateOfBirth')}
          />
          <TextField
            label={t('fields.address')}
            autoComplete="street-address"
            maxLength={ADDRESS_MAX}
            className="sm:col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
          <TextField
            label={t('fields.nationality')}
            maxLength={NATIONALITY_MAX}
            error={errors.nationality?.message}
            {...register('nationality')}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={typeId} className="text-sm font-medium">
              {t('fields.documentType')}
            </label>
            <select
              id={typeId}
              className={clsx(
                inputClasses,
                errors.documentType ? 'border-danger' : 'border-border',
              )}
              aria-invalid={errors.documentType ? true : undefined}
              {...register('documentType')}
            >
              <option value="" disabled>
                {t('fields.documentTypeChoose')}
              </option>
              {IDENTITY_DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`documentTypes.${type}`)}
                </option>
              ))}
            </select>
            {errors.documentType?.message && (
              <p className="text-sm text-danger">{translateMessage(errors.documentType.message)}</p>
            )}
          </div>
        </div>
      </Card>

      <Card title={t('documents.title')} description={t('documents.description')}>
        <ul className="flex flex-col gap-3">
          {needed.map((kind) => (
            <DocumentRow
              key={kind}
              kind={kind}
              document={byKind.get(kind)}
              asked={isStillAsked(verification, kind, byKind.get(kind))}
              missing={missing === kind}
              onUploaded={() => setMissing(null)}
            />
          ))}
        </ul>
      </Card>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          {t('submit')}
        </Button>
        <p className="text-xs text-muted">{t('privacy')}</p>
      </div>
    </form>
  );
}

/** The reviewer asked for this document again and it has not been uploaded since the decision. */
function isStillAsked(
  verification: MyVerification,
  kind: DocumentKind,
  document: VerificationDocument | undefined,
): boolean {
  if (verification.requestedDocument !== kind) return false;
  if (!document || !verification.decidedAt) return true;
  return document.uploadedAt <= verification.decidedAt;
}

function DocumentRow({
  kind,
  document,
  asked,
  missing,
  onUploaded,
}: {
  kind: DocumentKind;
  document: VerificationDocument | undefined;
  asked: boolean;
  missing: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation('verification');
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const cameraId = useId();
  const fileId = useId();
  const statusId = useId();

  async function send(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (file.size > DOCUMENT_MAX_BYTES) {
      setProblem(t('documents.tooLarge', { max: DOCUMENT_MAX_MEGABYTES }));
      return;
    }
    try {
      await upload.mutateAsync({ kind, file });
      onUploaded();
      toast.success(t('documents.uploaded', { document: t(`documents.kinds.${kind}`) }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  const title = t(`documents.kinds.${kind}`);
  return (
    <li
      data-testid={`document-${kind}`}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 md:flex-row md:items-center md:justify-between',
        asked || missing || problem ? 'border-danger/40 bg-danger/5' : 'border-border',
      )}
    >
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted">{t(`documents.hints.${kind}`)}</p>
        <p id={statusId} className="mt-1 text-sm" aria-live="polite">
          {upload.isPending ? (
            <span className="text-muted">{t('documents.uploading')}</span>
          ) : document ? (
            <span className="text-brand-strong">
              {t('documents.onFile', { date: formatDate(document.uploadedAt) })}{' '}
              <a
                href={documentUrl(document.id)}
                target="_blank"
                rel="noreferrer"
                className="text-brand-strong underline-offset-2 hover:underline"
              >
                {t('documents.view')}
              </a>
            </span>
          ) : (
            <span className="text-muted">{t('documents.notYet')}</span>
          )}
        </p>
        {asked && <p className="mt-1 text-sm text-danger">{t('documents.asked')}</p>}
        {missing && <p className="mt-1 text-sm text-danger">{t('documents.missing')}</p>}
        {problem && (
          <p role="alert" className="mt-1 text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        <FilePicker
          id={cameraId}
          label={t('documents.takePhoto', { document: title })}
          text={t('documents.camera')}
          capture
          describedBy={statusId}
          disabled={upload.isPending}
          onFile={(file) => void send(file)}
        />
        <FilePicker
          id={fileId}
          label={t('documents.chooseFile', { document: title })}
          text={document ? t('documents.replace') : t('documents.file')}
          describedBy={statusId}
          disabled={upload.isPending}
          onFile={(file) => void send(file)}
        />
      </div>
    </li>
  );
}

/** A file input dressed as a button: the camera one opens the phone's back camera. */
function FilePicker({
  id,
  label,
  text,
  capture,
  describedBy,
  disabled,
  onFile,
}: {
  id: string;
  label: string;
  text: string;
  capture?: boolean;
  describedBy: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label
      htmlFor={id}
      className={clsx(
        'inline-flex h-11 cursor-pointer items-center justify-center rounded-lg border border-border bg-surface-2 px-4 text-sm font-medium text-text',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-strong hover:border-brand-strong',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <span aria-hidden="true">{text}</span>
      <input
        id={id}
        type="file"
        className="sr-only"
        aria-label={label}
        aria-describedby={describedBy}
        accept={DOCUMENT_ACCEPT}
        {...(capture ? { capture: 'environment' as const } : {})}
        disabled={disabled}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
