import { authApi } from '../api';
import { EmailLinkRequest } from '../components/EmailLinkRequest';

/** /forgot: a password recovery link by e-mail. */
export function ForgotPage() {
  return <EmailLinkRequest texts="forgot" send={authApi.requestRecovery} />;
}
