import type { VerificationDetails } from '@app/shared/schemas/verification';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';

/**
 * The personal details sent for the account review, as a description list: legal name, date of
 * birth, address, nationality and the identity document's type. The user's page and the admin's
 * review queue lay it out each their own way (`className`, `itemClassName`).
 */
export function VerificationDetailsList({
  details,
  className,
  itemClassName,
}: {
  details: VerificationDetails;
  className: string;
  itemClassName: string;
}) {
  const { t } = useTranslation('verification');
  const rows = [
    ['legalName', details.legalName],
    ['dateOfBirth', formatDate(`${details.dateOfBirth}T00:00:00Z`)],
    ['address', details.address],
    ['nationality', details.nationality],
    ['documentType', t(`documentTypes.${details.documentType}`)],
  ] as const;
  return (
    <dl className={className}>
      {rows.map(([key, value]) => (
        <div key={key} className={itemClassName}>
          <dt className="text-muted">{t(`fields.${key}`)}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
