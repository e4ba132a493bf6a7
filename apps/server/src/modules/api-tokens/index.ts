/** Personal API tokens: read-only bearer tokens a user makes for their own scripts. */
export { apiTokenRoutes } from './api-tokens.routes';
export { API_TOKEN_OPERATIONS, registerApiTokenAccess } from './api-tokens.access';
export { listTokens, revokeAllTokensOf } from './api-tokens.service';
