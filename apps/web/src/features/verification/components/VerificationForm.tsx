import {
  ADDRESS_MAX,
  IDENTITY_DOCUMENT_TYPES,
  LEGAL_NAME_MAX,
  NATIONALITY_MAX,
  documentsNeeded,
  verificationDetailsSchema,
  type DocumentKind,
  type MyVerification,
  type VerificationDetails,
  type VerificationDocument,
} from '@app/shared/schemas/verification';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyFieldError, errorMessage } from '../../../lib/requestErrors';
import { Button, Card, SelectField, TextField } from '../../../ui';
import { useSubmitVerification } from '../api';
import { DocumentRow } from './DocumentRow';

/**
 * The form's state: the personal details (checked by the shared schema), the documents the
 * chosen identity document needs, and which one the server said is missing on submit.
 */
function useVerificationForm(verification: MyVerification) {
  const { t } = useTranslation('verification');
  const submit = useSubmitVerification();
  const form = useForm({
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
  const documentType = useWatch({ control: form.control, name: 'documentType' });
  const needed = documentsNeeded(documentType ?? 'id_card');

  const onSubmit = form.handleSubmit(async (values) => {
    setMissing(null);
    try {
      await submit.mutateAsync(values);
      toast.success(t('submitted'));
      window.scrollTo({ top: 0 });
    } catch (error) {
      toast.error(errorMessage(error));
      if (
        !applyFieldError(error, form.setError, [
          'legalName',
          'dateOfBirth',
          'address',
          'nationality',
        ])
      ) {
        const field = (error as { field?: string }).field;
        if (field && (needed as string[]).includes(field)) setMissing(field as DocumentKind);
      }
    }
  });

  return { form, needed, missing, setMissing, onSubmit };
}

/** Personal details and the documents, sent together for review. */
export function VerificationForm({ verification }: { verification: MyVerification }) {
  const { t } = useTranslation('verification');
  const { form, needed, missing, setMissing, onSubmit } = useVerificationForm(verification);
  const byKind = new Map(verification.documents.map((d) => [d.kind, d] as const));

  return (
    <form
      noValidate
      aria-label={t('form')}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
    >
      <Card title={t('details.title')} description={t('details.description')}>
        <PersonalDetailsFields form={form} />
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
        <Button type="submit" loading={form.formState.isSubmitting} className="w-full sm:w-auto">
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

/** Legal name, date of birth, address, nationality and the kind of identity document. */
function PersonalDetailsFields({ form }: { form: UseFormReturn<VerificationDetails> }) {
  const { t } = useTranslation('verification');
  const {
    register,
    formState: { errors },
  } = form;
  return (
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
      <SelectField
        label={t('fields.documentType')}
        labelClassName="text-sm font-medium"
        error={errors.documentType?.message}
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
      </SelectField>
    </div>
  );
}
