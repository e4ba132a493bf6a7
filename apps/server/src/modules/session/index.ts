/**
 * Request identity: who a request (or a live socket) speaks for. The users and sessions tables,
 * the session cookie, the checks every route makes (`requireUser`, `requireAdmin`), the actor's
 * standing re-read at the moment of a write, re-authentication before a new way in, and the
 * brute-force limits of the ways in. Sign-in flows themselves live above, in `auth`.
 */
export {
  clearSessionCookie,
  hasAdminPowers,
  registerSessionLoader,
  requireAdmin,
  requireUser,
  secureCookies,
  sessionIsLive,
  sessionLimits,
  setSessionCookie,
  startSession,
  type RequestAuth,
} from './session';
export { bindActorStanding, confirmStanding } from './standing';
export { confirmReauth, passwordProves, passwordUnchanged, type Reauth } from './reauth';
export { authLimits } from './auth.limits';
export { toAdminUser, toMe } from './user.view';
export {
  adminRoutes,
  deleteOwnRoute,
  guardAdmin,
  guardSignedIn,
  signedInRoutes,
  signedInUploadRoutes,
} from './guards';
export { allSessionsOf, findLiveSessionsByIds } from './session.service';
// The account rows themselves, as plain (db, params) functions: other modules read and change a
// user through these, never through the tables.
export {
  acceptTotpStep,
  endSessionsOverLimit,
  findAnyUserByEmail,
  findReferrer,
  findSessionByDigest,
  findUserByEmail,
  findUserById,
  insertUser,
  listLiveSessions,
  lockUser,
  referralIdExists,
  revokeAllSessions,
  revokeSession,
  swapAvatar,
  updateUser,
  type NewUser,
} from './session.repo';
