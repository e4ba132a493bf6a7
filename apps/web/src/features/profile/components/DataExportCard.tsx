import { useTranslation } from 'react-i18next';
import { Button, Card, DownloadIcon, toastReport } from '../../../ui';
import { useDownloadMyData } from '../api';
import { mutateAndReport } from '../../../lib/mutation';

/** "Your data" on /profile: one JSON file of everything the platform holds about the user. */
export function DataExportCard() {
  const { t } = useTranslation('profile');
  const download = useDownloadMyData();
  return (
    <Card title={t('dataExport.title')} description={t('dataExport.description')}>
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() => mutateAndReport(download, undefined, toastReport(t('dataExport.done')))}
      >
        {!download.isPending && <DownloadIcon aria-hidden="true" />}
        {t('dataExport.download')}
      </Button>
    </Card>
  );
}
