import { type MyVerification } from '@app/shared/schemas/verification';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { Card, LoadingBlock } from '../../../ui';
import { myVerificationQuery } from '../api';
import { VerificationDetailsList } from '../components/VerificationDetailsList';
import { ViewDocumentLink } from '../components/ViewDocumentLink';
import { VerificationForm } from '../components/VerificationForm';
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
        <VerificationDetailsList
          details={details}
          className="grid gap-3 text-sm sm:grid-cols-2"
          itemClassName="min-w-0"
        />
      )}
      <ul className="mt-4 flex flex-col gap-2">
        {verification.documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{t(`documents.kinds.${document.kind}`)}</span>
            <ViewDocumentLink documentId={document.id} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
