import clsx from 'clsx';
import { appConfig } from '../lib/config';

/** The product's mark and name; the name always comes from configuration. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold text-text', className)}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
        <path
          d="M8 21l5-6 4 4 7-9"
          fill="none"
          stroke="var(--color-bg)"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg tracking-tight">{appConfig.brandName}</span>
    </span>
  );
}
