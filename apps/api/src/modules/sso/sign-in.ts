import {
  ERROR_CODES,
  type Locale,
  type LoginReply,
  type SsoCallbackBody,
  type SsoStartDto,
} from '@verba/contracts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { unlogged, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import { sha256 } from '../../lib/tokens.ts';
import { startSession } from '../auth/service.ts';
import { findCustomer } from '../customers/service.ts';
import { createSignedOnUser, findUserByEmail, type UserRow } from '../users/service.ts';
import { authorisationOf, identityOf, type Identity } from './oidc.ts';
import * as repo from './repository.ts';
import { domainOf, relyingOf } from './service.ts';

/** How long the identity provider may keep the user before the sign-in must start again. */
const LOGIN_TTL_MS = 10 * 60_000;

const redirectUriOf = (deps: Deps) => `${deps.config.publicUrl}/login/sso`;

/**
 * The sign-in screen's first step. The answer depends on the e-mail's domain alone (no account is
 * looked up), so it tells nothing about whether the e-mail is known.
 */
export async function start(deps: Deps, email: string): Promise<Outcome<SsoStartDto>> {
  const provider = await repo.providerOfDomain(deps.db, domainOf(email));
  if (!provider) return unlogged({ method: 'password', authorization_url: null, password: true });
  const authorisation = await authorisationOf(relyingOf(deps, provider), redirectUriOf(deps));
  await repo.createLogin(deps.db, {
    stateHash: sha256(authorisation.state),
    providerId: provider.id,
    codeVerifier: authorisation.codeVerifier,
    nonce: authorisation.nonce,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  return unlogged({
    method: 'sso',
    authorization_url: authorisation.url,
    password: provider.password_sign_in,
  });
}

const signInRefused = (key: string, field = 'state') => invalid({ [field]: [key] }, key);
const noAccount = () =>
  new AppError(401, 'errors.sso_no_account', { errorCode: ERROR_CODES.BAD_CREDENTIALS });

/** The provider's answer: checks it, finds (or, when allowed, makes) the user and opens a session. */
export async function complete(
  deps: Deps,
  caller: Anonymous & { locale: Locale },
  body: SsoCallbackBody,
  userAgent: string | undefined,
): Promise<Outcome<LoginReply>> {
  const login = await repo.consumeLogin(deps.db, sha256(body.state), new Date());
  if (!login) throw signInRefused('errors.sso_state_invalid');
  const provider = await repo.findProvider(deps.db, login.provider_id);
  if (!provider) throw signInRefused('errors.sso_state_invalid');
  if (body.error || !body.code) throw signInRefused('errors.sso_refused_by_provider', 'code');

  const callbackUrl = new URL(redirectUriOf(deps));
  callbackUrl.searchParams.set('code', body.code);
  callbackUrl.searchParams.set('state', body.state);
  if (body.iss) callbackUrl.searchParams.set('iss', body.iss);
  let identity: Identity;
  try {
    identity = await identityOf(relyingOf(deps, provider), callbackUrl, {
      state: body.state,
      nonce: login.nonce,
      codeVerifier: login.code_verifier,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.warn({ err, issuer: provider.issuer_url }, 'single sign-on answer refused');
    throw signInRefused('errors.sso_answer_invalid', 'code');
  }
  if (!identity.email || !identity.emailVerified) throw signInRefused('errors.sso_email_unverified', 'code');
  // A provider vouches only for its own domains, and only for its customer's users (or the staff).
  if (!provider.domains.includes(domainOf(identity.email))) throw noAccount();

  const user =
    (await findUserByEmail(deps.db, identity.email)) ?? (await firstSignIn(deps, provider, identity, caller));
  if (!user) throw noAccount();
  const belongs =
    provider.customer_id === null
      ? user.type.startsWith('VERBA_')
      : user.customer_id === provider.customer_id;
  if (!belongs) throw noAccount();
  const customer = user.customer_id ? await findCustomer(deps.db, user.customer_id) : undefined;
  if (!user.is_active || customer?.is_active === false)
    throw new AppError(401, 'errors.user_disabled', { errorCode: ERROR_CODES.INACTIVE_USER });

  // The provider's own sign-in policy (its second factors) stands in for the portal's.
  const result = await startSession(deps, caller, user, {
    userAgent,
    opened: (sessionId) => repo.rememberSession(deps.db, sessionId, provider.id, identity.idToken),
  });
  return {
    data: result.data,
    log: result.log && {
      ...result.log,
      action: 'auth.sso_login',
      key: 'auth.sso_signed_in',
      params: { issuer: provider.issuer_url },
    },
  };
}

/** A customer's user made at its first sign-on, when the customer's provider allows it. */
async function firstSignIn(
  deps: Deps,
  provider: repo.ProviderRow,
  identity: Identity,
  caller: { locale: Locale },
): Promise<UserRow | undefined> {
  if (provider.customer_id === null || !provider.create_users || !identity.email) return undefined;
  const local = identity.email.split('@')[0] ?? identity.email;
  return createSignedOnUser(deps.db, {
    email: identity.email,
    name: (identity.givenName ?? local).slice(0, 255),
    lastname: (identity.familyName ?? '').slice(0, 255),
    customerId: provider.customer_id,
    language: caller.locale,
  });
}
