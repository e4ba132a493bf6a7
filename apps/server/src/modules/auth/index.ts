/**
 * Sign-in flows (an edge module): sign-up, password sign-in and its second step, links by e-mail,
 * the account's own security (password, address, two-factor), and the ways in other than a
 * session ending when credentials change. Request identity itself is the session module's.
 */
export { authRoutes } from './auth.routes';
export { signInProviderRoutes } from './routes/provider-sign-in.routes';
export { bindPasswordChangeGuard } from './password-change';
export { writeRequestedLinks } from './links.service';
export {
  passwordMatches,
  recordSignInFailure,
  registerProven,
  revokeAllSessions,
  revokeAuthTokens,
  secondFactorAccepted,
  signInProven,
  updateUser,
} from './auth.service';
export { endOtherWaysIn, type WaysInReason } from './other-ways-in';
