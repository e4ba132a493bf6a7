import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button } from './Button';

export interface ErrorStateProps {
  /** What failed, in the user's words ("We could not load your transactions."). */
  title: ReactNode;
  /** The server's safe message, when there is one. */
  description?: ReactNode;
  /** Offers a retry button with this label. */
  onRetry?: () => void;
  retryLabel?: ReactNode;
  retrying?: boolean;
  className?: string;
}

/** A failed load inside a card or page: what went wrong and a way to try again. */
export function ErrorState({
  title,
  description,
  onRetry,
  retryLabel,
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-danger/30 bg-danger/5 px-6 py-8 text-center',
        className,
      )}
    >
      <p className="font-medium text-text">{title}</p>
      {description && <p className="max-w-sm text-sm text-muted">{description}</p>}
      {onRetry && retryLabel && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
