import { Link } from 'react-router';
import { appConfig } from '../../../lib/config';

/** The brand mark and name; the name is configuration (appConfig.brandName), never hard-coded. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-text"
    >
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-brand/15" />
        <path
          d="M7 21.5 12.5 15l4 3.5L25 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="text-brand-strong"
        />
      </svg>
      <span>{appConfig.brandName}</span>
    </Link>
  );
}
