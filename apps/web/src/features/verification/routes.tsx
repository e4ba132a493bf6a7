import type { RouteObject } from 'react-router';
import { pageRoute } from '../../app/lazyPage';

/** /verification and /appropriateness: any signed-in user, whatever the account's standing. */
export const verificationRoutes: RouteObject[] = [
  pageRoute('/verification', 'verification:title', ['verification'], () =>
    import('./pages/VerificationPage').then((m) => m.VerificationPage),
  ),
  pageRoute('/appropriateness', 'verification:appropriateness.title', ['verification'], () =>
    import('./pages/AppropriatenessPage').then((m) => m.AppropriatenessPage),
  ),
];
