import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the next sign-in at the peer is (its login page is skipped: this account signs in). */
export interface PeerAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization request signs in as. */
  signInAs: (account: PeerAccount) => void;
  /**
   * Plays the browser at the provider: follows the authorization URL through the peer's
   * interaction (signing in as `signInAs`'s account and consenting) until the peer sends the
   * browser back to `redirectBase`; returns that URL (the callback with code and state).
   */
  authorize: (authorizationUrl: string, redirectBase: string) => Promise<URL>;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with one confidential
 * client, PKCE required, and claims `email`, `email_verified` and `name`.
 */
export async function startOidcPeer(redirectUris: string[]): Promise<OidcPeer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'nestrado-test';
  const clientSecret = 'peer-client-secret-0123456789abcdef';
  const accounts = new Map<string, PeerAccount>();
  let next: PeerAccount | null = null;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    pkce: { methods: ['S256'], required: () => true },
    cookies: { keys: ['oidc-peer-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const account = next;
      if (!account) throw new Error('oidc peer: no account to sign in as');
      accounts.set(account.sub, account);
      const grant = new provider.Grant({
        accountId: account.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function authorize(authorizationUrl: string, redirectBase: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.href.startsWith(redirectBase)) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(
          `oidc peer: ${response.status} without a redirect: ${await response.text()}`,
        );
      }
      url = new URL(location, url);
    }
    throw new Error('oidc peer: too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
