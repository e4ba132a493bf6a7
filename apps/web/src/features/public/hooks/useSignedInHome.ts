import { useSession } from '../../../lib/auth';
import { useHydrated } from '../../../lib/prerender';

/**
 * Where a signed-in reader of a public page belongs (an admin's home is /admin, everyone else's
 * /dashboard), or null for a visitor. The public pages offer it instead of Login and send Invest
 * Now to /plans rather than to sign-up. Null until hydrated: the server renders public pages signed
 * out, and the browser's first render must equal that HTML.
 */
export function useSignedInHome(): string | null {
  const hydrated = useHydrated();
  const { user } = useSession();
  if (!hydrated || !user) return null;
  return user.isAdmin ? '/admin' : '/dashboard';
}
