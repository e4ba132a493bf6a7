import clsx from 'clsx';
import { appConfig } from '../lib/config';

/** The mark's two looks: the public site's soft tile, the app's solid one. */
const GLYPH_TONES = {
  soft: {
    tile: { className: 'fill-brand/15', fill: undefined },
    line: {
      d: 'M7 21.5 12.5 15l4 3.5L25 9',
      stroke: 'currentColor',
      className: 'text-brand-strong',
    },
  },
  solid: {
    tile: { className: undefined, fill: 'var(--color-brand)' },
    line: { d: 'M8 21l5-6 4 4 7-9', stroke: 'var(--color-bg)', className: undefined },
  },
} as const;

/** The product's mark (a rising line on a tile), decorative beside the name. */
export function BrandGlyph({ tone }: { tone: keyof typeof GLYPH_TONES }) {
  const { tile, line } = GLYPH_TONES[tone];
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className={tile.className} fill={tile.fill} />
      <path
        d={line.d}
        fill="none"
        stroke={line.stroke}
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={line.className}
      />
    </svg>
  );
}

/** The product's mark and name; the name always comes from configuration. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold text-text', className)}>
      <BrandGlyph tone="solid" />
      <span className="text-lg tracking-tight">{appConfig.brandName}</span>
    </span>
  );
}
