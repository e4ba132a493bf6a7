/** docs/product.md principle 3: shown on the landing page, on /plans and on the invest confirmation. */
export const RISK_WARNING =
  'Copy trading involves risk. You can lose some or all of the money you invest. Past performance is not a reliable indicator of future results.';

/** Phrases that promise returns; the copy scan fails on any of them. */
export const BANNED_COPY_PATTERNS: readonly RegExp[] = [
  /guaranteed/i,
  /risk[- ]free/i,
  /up to \d+\s?%/i,
  /fixed daily roi/i,
  /\d+\s?% (roi )?(each|per) day/i,
  /\d+\+ years/i,
];
