import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { guardSignedIn } from '../session';
import { requireUser } from '../session';

/**
 * A lead trader in good standing: an approved lead trader (users.is_trader) whose account is
 * active and not deleted. Everything a lead trader does as one (orders, the strategy's terms and
 * fee, creating a strategy, the desk itself) needs it: 403 TRADER_ONLY for anyone who is not a
 * lead trader, 403 LEAD_TRADER_NOT_ACTIVE for one whose account was deactivated or deleted.
 */
export function requireLeadTraderInStanding(user: UserRow): void {
  if (!user.isTrader) throw refusal('TRADER_ONLY');
  if (user.deletedAt !== null || !user.isActive) throw refusal('LEAD_TRADER_NOT_ACTIVE');
}

/**
 * The guard of a whole plugin of lead-trader operations (like guardAdmin for admin plugins): every
 * route it registers, present and future, checks the caller's standing on the server before the
 * body is read (401 for a visitor).
 */
export function guardLeadTrader(app: FastifyInstance): void {
  guardSignedIn(app);
  app.addHook('onRequest', (request, _reply, done) => {
    requireLeadTraderInStanding(requireUser(request).user);
    done();
  });
}
