import { authApi } from '../api';
import { EmailLinkRequest } from '../components/EmailLinkRequest';

/** /login/link: a one-time sign-in link by e-mail. */
export function MagicLinkRequestPage() {
  return <EmailLinkRequest texts="magic" send={authApi.requestMagicLink} />;
}
