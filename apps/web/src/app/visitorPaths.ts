/**
 * The pages a visitor reads, by group: the prerendered list (routes.tsx) is made of them, and the
 * browser journeys walk them (e2e/a11y, e2e/public, e2e/copy), so a new public page is checked
 * where it is listed.
 */

/** The public layout's reading pages: the landing page, about, contact and the legal pages. */
export const READING_PATHS: readonly string[] = [
  '/',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/risk',
];

/** Where a visitor signs up or in. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/register'];
