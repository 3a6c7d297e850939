import * as client from 'openid-client';
import { AppError } from '../../lib/app-error.ts';

/** What the portal needs of a provider to talk to it: its issuer and our client there. */
export interface Relying {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutSeconds: number;
}

const DISCOVERY_KEPT_MS = 10 * 60_000;
const kept = new Map<string, { at: number; config: Promise<client.Configuration> }>();

export const unreachable = () => new AppError(502, 'errors.sso_unreachable');

/**
 * The provider's configuration, read from its discovery document and kept for ten minutes per
 * issuer and client. Plain http is allowed only for loopback issuers (tests, development).
 */
export function configurationOf(relying: Relying): Promise<client.Configuration> {
  const key = JSON.stringify([relying.issuerUrl, relying.clientId, relying.clientSecret]);
  const found = kept.get(key);
  if (found && Date.now() - found.at < DISCOVERY_KEPT_MS) return found.config;
  const url = new URL(relying.issuerUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const config = client
    .discovery(url, relying.clientId, undefined, client.ClientSecretBasic(relying.clientSecret), {
      timeout: relying.timeoutSeconds,
      ...(url.protocol === 'http:' && loopback ? { execute: [client.allowInsecureRequests] } : {}),
    })
    .then((configuration) => {
      configuration.timeout = relying.timeoutSeconds;
      return configuration;
    });
  kept.set(key, { at: Date.now(), config });
  config.catch(() => kept.delete(key));
  return config.catch(() => {
    throw unreachable();
  });
}

export interface Authorisation {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where to send the browser: authorisation code with PKCE (S256), a state and a nonce. */
export async function authorisationOf(relying: Relying, redirectUri: string): Promise<Authorisation> {
  const config = await configurationOf(relying);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface Identity {
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  idToken: string;
}

/**
 * Exchanges the code of the provider's answer (`callbackUrl`) and checks the ID token: issuer,
 * audience, signature, nonce, state and PKCE (openid-client). Any refusal is thrown as a
 * ClientError or an oauth4webapi error; an unreachable provider as `unreachable`.
 */
export async function identityOf(
  relying: Relying,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<Identity> {
  const config = await configurationOf(relying);
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    if (isNetworkFailure(err)) throw unreachable();
    throw err;
  }
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw new Error('no ID token');
  // Many providers put the e-mail in the ID token; others (oidc-provider by default) only at userinfo.
  const claims: Record<string, unknown> =
    idClaims.email === undefined
      ? { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
      : idClaims;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    email: text(claims.email)?.toLowerCase(),
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    idToken: tokens.id_token,
  };
}

function isNetworkFailure(err: unknown): boolean {
  // fetch fails with a TypeError (its cause: ECONNREFUSED, ENOTFOUND…), or times out.
  const e = err as { name?: string; cause?: { name?: string } } | undefined;
  return (
    ['TypeError', 'AbortError', 'TimeoutError'].includes(e?.name ?? '') || e?.cause?.name === 'TimeoutError'
  );
}

/** The provider's sign-out page for this ID token, when it has one (RP-initiated logout). */
export async function endSessionUrlOf(
  relying: Relying,
  idToken: string,
  postLogoutRedirectUri: string,
): Promise<string | undefined> {
  try {
    const config = await configurationOf(relying);
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    }).href;
  } catch {
    return undefined;
  }
}
