import { setTimeout } from 'node:timers/promises';
import { ERROR_CODES, type LoginReply, type LoginResponse, type UserDto } from '@verba/contracts';
import { AppError, invalid, unauthenticated } from '../../lib/app-error.ts';
import { hashPassword, timingSafeDummyHash, verifyPassword } from '../../lib/passwords.ts';
import { outcome, unlogged, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findCustomer } from '../customers/service.ts';
import { passwordSignInAllowed, providerSignOutUrl } from '../sso/service.ts';
import {
  findUserByEmail,
  findUserById,
  ownAccount,
  replacePassword,
  userDto,
  type UserRow,
} from '../users/service.ts';
import { queueResetMail } from './reset-mail-job.ts';
import * as repo from './repository.ts';

export async function login(
  deps: Deps,
  caller: Anonymous,
  input: { email: string; password: string; userAgent?: string | undefined },
): Promise<Outcome<LoginReply>> {
  const normalised = input.email.trim().toLowerCase();
  // Decided by the e-mail's domain before any account is looked up: tells nothing about one.
  if (!(await passwordSignInAllowed(deps.db, normalised)))
    throw invalid({ password: ['errors.sso_password_off'] }, 'errors.sso_password_off');
  const attempt = await claimSlot(deps, normalised, caller.ip);
  const user = await findUserByEmail(deps.db, normalised);
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await timingSafeDummyHash()),
    input.password,
  );
  if (!user || !passwordOk) {
    await repo.confirmLoginFailure(deps.db, attempt);
    throw new AppError(401, 'errors.bad_credentials', { errorCode: ERROR_CODES.BAD_CREDENTIALS });
  }
  await repo.releaseLoginAttempt(deps.db, attempt);
  const customer = user.customer_id ? await findCustomer(deps.db, user.customer_id) : undefined;
  if (!user.is_active || customer?.is_active === false) {
    throw new AppError(401, 'errors.user_disabled', { errorCode: ERROR_CODES.INACTIVE_USER });
  }
  if (user.totp_enabled_at) {
    // The password was right; the session waits for the second factor (POST /auth/two-factor).
    const challenge = newToken();
    await repo.createChallenge(deps.db, {
      userId: user.id,
      tokenHash: sha256(challenge),
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return unlogged({ two_factor_required: true, challenge });
  }
  const mustEnrol = user.type.startsWith('VERBA_')
    ? deps.config.requireTwoFactorForStaff
    : customer?.require_2fa === true;
  return startSession(deps, caller, user, { userAgent: input.userAgent, enrolmentOnly: mustEnrol });
}

/** How long the second step of a sign-in may wait for its code. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Opens a session for a user whose credentials were checked. `enrolmentOnly`: its user must enrol a
 * second factor, and until then the session may do nothing else (auth plugin).
 */
export async function startSession(
  deps: Deps,
  caller: Anonymous,
  user: UserRow,
  options: {
    userAgent?: string | undefined;
    enrolmentOnly?: boolean;
    method?: string;
    /** Runs once the session exists (single sign-on keeps what its sign-out needs). */
    opened?: (sessionId: number) => Promise<void>;
  },
): Promise<Outcome<LoginResponse & { two_factor_enrolment_required: boolean }>> {
  const token = newToken();
  const now = new Date();
  const enrolmentOnly = options.enrolmentOnly ?? false;
  const sessionId = await repo.createSession(deps.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + deps.config.sessionTtlSeconds * 1000),
    ip: caller.ip,
    userAgent: options.userAgent,
    enrolmentOnly,
  });
  await options.opened?.(sessionId);
  await repo.recordLogin(deps.db, user.id, user.customer_id, now);
  return outcome(
    {
      user: await userDto(deps.db, user),
      access_token: token,
      token_type: 'Bearer' as const,
      expires_in: deps.config.sessionTtlSeconds,
      two_factor_enrolment_required: enrolmentOnly,
    },
    {
      action: options.method ? 'auth.two_factor_login' : 'auth.login',
      key: options.method ? 'auth.two_factor_signed_in' : 'auth.signed_in',
      ...(options.method ? { params: { method: options.method } } : {}),
      userEmail: user.email,
      userId: user.id,
      customerId: user.customer_id,
    },
  );
}

/**
 * Runs a check of a secret of this account (a second-factor code, a password) under the sign-in
 * lockout: refused while the account is locked, and a failed check counts as a failed sign-in.
 */
export async function checkedAttempt<T>(
  deps: Deps,
  email: string,
  ip: string,
  check: () => Promise<T | false>,
): Promise<T | false> {
  const attempt = await claimSlot(deps, email.trim().toLowerCase(), ip);
  let result: T | false = false;
  try {
    result = await check();
  } finally {
    if (result === false) await repo.confirmLoginFailure(deps.db, attempt);
    else await repo.releaseLoginAttempt(deps.db, attempt);
  }
  return result;
}

/** A signed-in user's password, checked like a sign-in: its failures count against the account. */
export async function isOwnPassword(
  deps: Deps,
  user: { email: string; password_hash: string | null },
  ip: string,
  password: string,
): Promise<boolean> {
  const known = await checkedAttempt(deps, user.email, ip, async () =>
    (await verifyPassword(user.password_hash, password)) ? true : false,
  );
  return known === true;
}

/** How long a password check may take before its slot counts as a failure (its process died). */
const CHECK_STALE_MS = 60_000;
/** How long a sign-in waits, by default, for one of the account's checks in flight to end. */
const SLOT_WAIT_SECONDS = 30;
/** The longest pause between two claims: waiters back off so their polls do not starve the checks. */
const MAX_POLL_PAUSE_MS = 400;

/**
 * A slot to check a password for this account (before the slow check, so parallel attempts cannot
 * all get past the lock): the claimed attempt's id. Waits while other checks of the account are in
 * flight; refuses once the window holds the maximum of failures.
 */
async function claimSlot(deps: Deps, email: string, ip: string): Promise<number> {
  const { maxFailuresPerAccount, failureWindowMinutes } = deps.config.login;
  const deadline = Date.now() + (deps.config.login.slotWaitSeconds ?? SLOT_WAIT_SECONDS) * 1000;
  for (let round = 0; ; round++) {
    const now = Date.now();
    const claim = await repo.claimLoginAttempt(deps.db, {
      email,
      ip,
      since: new Date(now - failureWindowMinutes * 60_000),
      staleBefore: new Date(now - CHECK_STALE_MS),
      max: maxFailuresPerAccount,
    });
    if (typeof claim === 'object') return claim.id;
    if (claim === 'locked') {
      throw new AppError(429, 'errors.too_many_login_failures', {
        values: { minutes: failureWindowMinutes },
        headers: { 'retry-after': String(failureWindowMinutes * 60) },
      });
    }
    if (Date.now() > deadline)
      throw new AppError(429, 'errors.too_many_requests', { headers: { 'retry-after': '60' } });
    await setTimeout(Math.min(MAX_POLL_PAUSE_MS, 20 * 2 ** round) * (0.5 + Math.random()));
  }
}

/** Ends the session; one opened through single sign-on also answers the provider's sign-out page. */
export async function logout(
  deps: Deps,
  actor: Actor,
): Promise<Outcome<{ ok: boolean; message: string; logout_url?: string }>> {
  const providerUrl = await providerSignOutUrl(deps, actor.user.session_id);
  await repo.revokeSession(deps.db, actor.user.session_id);
  return outcome(
    { ok: true, message: actor.t('auth.logged_out'), ...(providerUrl ? { logout_url: providerUrl } : {}) },
    { key: 'auth.signed_out' },
  );
}

/** The signed-in user as the API shows it. */
export async function currentUser(deps: Deps, actor: Actor): Promise<UserDto> {
  const user = await ownAccount(deps.db, actor.user);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Queues a single-use link in the user's language (reset-mail-job.ts); answers the same, after the
 * same work, whether or not the email exists.
 */
export async function sendResetLink(
  deps: Deps,
  caller: Anonymous,
  email: string,
): Promise<Outcome<{ message: string }>> {
  await queueResetMail(deps, email);
  return outcome(
    { message: caller.t('auth.reset_link_sent') },
    {
      action: 'auth.password_reset_requested',
      key: 'auth.reset_requested',
      userEmail: email,
      customerId: null,
    },
  );
}

async function usableReset(deps: Deps, token: string, email: string | undefined) {
  const reset = await repo.findUsableReset(deps.db, sha256(token), new Date());
  if (!reset || !reset.is_active || (email !== undefined && reset.email !== email)) {
    throw invalid({ token: ['errors.reset_token_invalid'] }, 'errors.reset_token_invalid');
  }
  return reset;
}

export async function validateResetToken(
  deps: Deps,
  caller: Anonymous,
  token: string,
  email?: string,
): Promise<Outcome<{ valid: boolean; message: string }>> {
  await usableReset(deps, token, email);
  return outcome(
    { valid: true, message: caller.t('auth.reset_token_valid') },
    {
      key: 'auth.reset_checked',
      customerId: null,
      ...(email === undefined ? {} : { userEmail: email }),
    },
  );
}

/** Sets the new password, spends the token and signs the user out everywhere. */
export async function resetPassword(
  deps: Deps,
  caller: Anonymous,
  input: { email: string; token: string; password: string },
): Promise<Outcome<{ message: string }>> {
  const reset = await usableReset(deps, input.token, input.email);
  const passwordHash = await hashPassword(input.password);
  if (!(await repo.consumeReset(deps.db, reset.id))) {
    throw invalid({ token: ['errors.reset_token_invalid'] }, 'errors.reset_token_invalid');
  }
  await replacePassword(deps, reset.user_id, passwordHash);
  const user = await findUserById(deps.db, reset.user_id);
  return outcome(
    { message: caller.t('auth.password_reset') },
    {
      action: 'auth.password_reset',
      key: 'auth.reset_done',
      ...(user ? { userEmail: user.email, userId: user.id } : {}),
      customerId: user?.customer_id ?? null,
    },
  );
}
