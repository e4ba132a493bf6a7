import type { ReactNode } from 'react';
import { useHydrated } from '../lib/prerender';

/**
 * Wraps a form's fields and buttons: disabled until the page is hydrated (see useHydrated), and
 * laid out as if it were not there (`display: contents`), so the form's own layout holds.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
