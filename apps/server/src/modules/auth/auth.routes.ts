import { publicRoutes } from '../../http/route-plugin';
import type { AppContext } from '../../context';
import {
  emailChangeRoutes,
  passwordRoutes,
  verificationRoutes,
} from './routes/account-security.routes';
import { authRouteKit } from './routes/kit';
import { linkRoutes } from './routes/links.routes';
import { sessionRoutes } from './routes/sessions.routes';
import { signInRoutes } from './routes/sign-in.routes';
import { twoFactorRoutes } from './routes/two-factor.routes';

/** /api/auth: the ways in and the account's own security, grouped by flow (routes/). */
export function authRoutes(ctx: AppContext) {
  const kit = authRouteKit(ctx);
  return publicRoutes((app) => {
    // In this order, as the OpenAPI document lists them.
    signInRoutes(app, kit);
    sessionRoutes(app, kit);
    linkRoutes(app, kit);
    passwordRoutes(app, kit);
    emailChangeRoutes(app, kit);
    verificationRoutes(app, kit);
    twoFactorRoutes(app, kit);
  });
}
