import { Link } from 'react-router';
import { appConfig } from '../../../lib/config';
import { BrandGlyph } from '../../../ui/BrandMark';

/** The brand mark and name; the name is configuration (appConfig.brandName), never hard-coded. */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-text"
    >
      <BrandGlyph tone="soft" />
      <span>{appConfig.brandName}</span>
    </Link>
  );
}
