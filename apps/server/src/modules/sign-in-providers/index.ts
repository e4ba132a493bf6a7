/**
 * Sign-in providers (OpenID Connect, "Continue with …"): the providers staff configure (a change
 * of who signs in goes through a second admin), the provider's side of the protocol (discovery,
 * the authorization URL, the account a provider proves), and the provider accounts linked to a
 * user. The sign-in flow itself (signing in, linking with a password, signing up) is auth's.
 */
export { adminSignInProviderRoutes, identityRoutes } from './sign-in-providers.routes';
export { identitiesOf, linkIdentity, type ProviderLink } from './linked-identities.service';
export { applyProviderChange, type ProviderProposal } from './provider-admin.service';
export { unlinkAllIdentitiesOf } from './identities';
export {
  providerOrRefuse,
  provenAccount,
  publicProviders,
  startAuthorization,
  type AuthorizationSecrets,
  type ProviderAccount,
} from './sign-in-providers.service';
export { findIdentity, findProvider, touchIdentity } from './sign-in-providers.repo';
