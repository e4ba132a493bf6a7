import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';

/** What an admin decides on a waiting request. */
export type Decision = 'approve' | 'reject';

/**
 * Approve and Reject on a waiting request (a four-eyes approval, a trader application): each
 * starts that decision; the texts are `<section>.approve` and `<section>.reject`.
 */
export function ApproveRejectButtons({
  section,
  rejectVariant,
  onDecide,
}: {
  section: 'approvals' | 'traderApplications';
  rejectVariant: 'secondary' | 'danger';
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Button size="sm" onClick={() => onDecide('approve')}>
        {t(`${section}.approve`)}
      </Button>
      <Button size="sm" variant={rejectVariant} onClick={() => onDecide('reject')}>
        {t(`${section}.reject`)}
      </Button>
    </>
  );
}
