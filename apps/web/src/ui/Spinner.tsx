import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from './i18n';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the spinner sits inside a labelled control. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={clsx(
        'inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

/** A centred spinner with a visible "Loading" label, for whole pages and panels. */
export function LoadingBlock({ className }: { className?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 py-12 text-muted', className)}
    >
      <Spinner className="size-5 text-brand" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** The whole screen while the session is being checked: a spinner and what it waits for. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-3 text-muted">
      <Spinner className="size-5 text-brand" />
      {label}
    </div>
  );
}
