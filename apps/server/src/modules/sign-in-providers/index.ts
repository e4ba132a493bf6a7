/**
 * Sign-in through OpenID Connect providers ("Continue with …"): the providers staff configure
 * (a change of who signs in goes through a second admin), the flow itself, and the provider
 * accounts linked to a user.
 */
export {
  adminSignInProviderRoutes,
  identityRoutes,
  signInProviderRoutes,
} from './sign-in-providers.routes';
export { identitiesOf } from './linked-identities.service';
export { applyProviderChange, type ProviderProposal } from './provider-admin.service';
export { unlinkAllIdentitiesOf } from './identities';
