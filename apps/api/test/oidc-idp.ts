import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a free port of this machine, for the single sign-on
 * tests. Whoever the test names in `signInAs` signs in at its login step (no form); consent is
 * given at once. `wrongAudience` makes it misbehave: its ID tokens name another client.
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<
    string,
    { email: string; email_verified: boolean; given_name?: string; family_name?: string }
  >;
  signInAs: string;
  wrongAudience: boolean;
  close(): Promise<void>;
}

export async function startTestIdp(portalUrl: string): Promise<TestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: TestIdp = {
    issuer,
    clientId: 'verba-portal',
    clientSecret: 'a-client-secret-of-the-tests-0123456789',
    accounts: new Map(),
    signInAs: '',
    wrongAudience: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: [`${portalUrl}/login/sso`],
        post_logout_redirect_uris: [`${portalUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx: unknown, sub: string) => {
      const account = idp.accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-idp-cookie-key'] },
    // Consent is given at once for what the portal asks.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string } };
    }) => {
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const issue = provider.IdToken.prototype.issue;
  provider.IdToken.prototype.issue = function (this: { client: object }, ...args: unknown[]) {
    if (idp.wrongAudience) {
      const client = this.client;
      this.client = new Proxy(client, {
        get: (target, property) =>
          property === 'clientId' ? 'another-client' : Reflect.get(target, property, target),
      });
    }
    return issue.apply(this, args);
  };
  const oidc = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionDetails(req, res)
        .then(() => provider.interactionFinished(req, res, { login: { accountId: idp.signInAs } }))
        .catch((err: unknown) => {
          res.statusCode = 500;
          res.end(String(err));
        });
      return;
    }
    oidc(req, res);
  });
  return idp;
}

/**
 * A browser's way through the provider from the portal's authorisation URL: follows its redirects
 * with its cookies until it sends the browser back to the portal; answers that address.
 */
export async function followToPortal(authorizationUrl: string, portalUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(portalUrl)) return next;
    url = next.href;
  }
  throw new Error('the provider redirected too many times');
}
