import { useTranslation } from 'react-i18next';
import { documentUrl } from '../api';

/** "View": opens an uploaded document (served by the API) in a new tab. */
export function ViewDocumentLink({ documentId }: { documentId: string }) {
  const { t } = useTranslation('verification');
  return (
    <a
      href={documentUrl(documentId)}
      target="_blank"
      rel="noreferrer"
      className="text-brand-strong underline-offset-2 hover:underline"
    >
      {t('documents.view')}
    </a>
  );
}
