import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_MEGABYTES,
  type DocumentKind,
  type VerificationDocument,
} from '@app/shared/schemas/verification';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/requestErrors';
import { useUploadDocument } from '../api';
import { ViewDocumentLink } from './ViewDocumentLink';

/** Uploads one document as soon as it is chosen; `problem` is what to say when that failed. */
function useDocumentUpload(kind: DocumentKind, onUploaded: () => void) {
  const { t } = useTranslation('verification');
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);

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

  return { uploading: upload.isPending, problem, send };
}

/** One document the review needs: what is on file, what is asked for, and camera or file upload. */
export function DocumentRow({
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
  const { uploading, problem, send } = useDocumentUpload(kind, onUploaded);
  const cameraId = useId();
  const fileId = useId();
  const statusId = useId();
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
        <DocumentStatus id={statusId} uploading={uploading} document={document} />
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
          disabled={uploading}
          onFile={(file) => void send(file)}
        />
        <FilePicker
          id={fileId}
          label={t('documents.chooseFile', { document: title })}
          text={document ? t('documents.replace') : t('documents.file')}
          describedBy={statusId}
          disabled={uploading}
          onFile={(file) => void send(file)}
        />
      </div>
    </li>
  );
}

/** Uploading, on file since a date (with View), or not yet: announced politely as it changes. */
function DocumentStatus({
  id,
  uploading,
  document,
}: {
  id: string;
  uploading: boolean;
  document: VerificationDocument | undefined;
}) {
  const { t } = useTranslation('verification');
  return (
    <p id={id} className="mt-1 text-sm" aria-live="polite">
      {uploading ? (
        <span className="text-muted">{t('documents.uploading')}</span>
      ) : document ? (
        <span className="text-brand-strong">
          {t('documents.onFile', { date: formatDate(document.uploadedAt) })}{' '}
          <ViewDocumentLink documentId={document.id} />
        </span>
      ) : (
        <span className="text-muted">{t('documents.notYet')}</span>
      )}
    </p>
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
