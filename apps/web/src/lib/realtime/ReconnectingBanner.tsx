import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from './RealtimeProvider';

/** A quiet, visible notice while live updates are interrupted. */
export function ReconnectingBanner() {
  const { t } = useTranslation('common');
  const status = useRealtimeStatus((state) => state.status);
  if (status !== 'reconnecting') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="realtime-reconnecting"
      className="flex items-center justify-center gap-2 bg-warning/15 px-4 py-2 text-sm text-warning"
    >
      <span className="inline-block h-2 w-2 animate-pulse rounded-full bg-warning" aria-hidden />
      {t('realtime.reconnecting')}
    </div>
  );
}
