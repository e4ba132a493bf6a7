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

/**
 * Services this platform does not offer, and support it cannot promise (PRODUCT.md section 3: the
 * services listed are the ones the install offers — crypto copy trading; support hours come from
 * SUPPORT_HOURS). The seed's landing named them in English; their Spanish and German forms too.
 */
export const UNOFFERED_SERVICE_PATTERNS: readonly RegExp[] = [
  /forex/i,
  /\bETFs?\b/,
  /\bCFDs?\b/,
  /index trading/i,
  /financial advis/i,
  /experienced traders/i,
  /24\/7/,
  /around the clock/i,
  /divisas/i,
  /trading de índices/i,
  /asesoramiento financiero/i,
  /traders experimentados/i,
  /devisen/i,
  /indexhandel/i,
  /finanzberatung/i,
  /erfahrener trader/i,
  /rund um die uhr/i,
];

/**
 * Features PRODUCT.md plans that this install has not built, so no text may offer them. The copy
 * scan fails on a claim of one; the change that builds a feature removes its patterns (the
 * practice account's went with issue 42, which built it). Empty: everything planned is built.
 */
export const UNBUILT_FEATURE_PATTERNS: readonly RegExp[] = [];
