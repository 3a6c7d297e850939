import {
  ERROR_CODES,
  type LoginResponse,
  type TwoFactorEnabledDto,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '@verba/contracts';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { outcome, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import { open, resealStored, seal } from '../../lib/secret-box.ts';
import { sha256 } from '../../lib/tokens.ts';
import { checkedAttempt, startSession } from '../auth/service.ts';
import { findUserById, type UserRow } from '../users/service.ts';
import { assertCan } from './policy.ts';
import * as repo from './repository.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrSvgDataUrl,
  recoveryCodeHash,
} from './totp.ts';

type CodeVerdict = 'wrong' | 'used';

/** A code of the user's key, accepted once: null when right, else why not. */
async function checkCode(deps: Deps, user: UserRow, code: string): Promise<CodeVerdict | null> {
  if (!user.totp_secret) return 'wrong';
  const step = matchingStep(
    open(deps.config.secretsKey, user.totp_secret, deps.config.previousSecretsKeys),
    code,
  );
  if (step === null) return 'wrong';
  return (await repo.claimStep(deps.db, user.id, step)) ? null : 'used';
}

const CODE_MESSAGES: Record<CodeVerdict, string> = {
  wrong: 'errors.two_factor_code_wrong',
  used: 'errors.two_factor_code_used',
};

async function ownUser(deps: Deps, actor: Actor): Promise<UserRow> {
  assertCan(actor.user, 'manage-own');
  const user = await findUserById(deps.db, actor.user.id);
  if (!user) throw notFound();
  return user;
}

/** Whether the user's role or customer requires a second factor. */
async function required(deps: Deps, user: UserRow): Promise<boolean> {
  if (user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM') return deps.config.requireTwoFactorForStaff;
  if (!user.customer_id) return false;
  return (await repo.customerRequirement(deps.db, user.customer_id))?.require_2fa === true;
}

export async function status(deps: Deps, actor: Actor): Promise<TwoFactorStatusDto> {
  const user = await ownUser(deps, actor);
  const customer =
    user.type === 'CLIENT_ADMIN' && user.customer_id
      ? await repo.customerRequirement(deps.db, user.customer_id)
      : undefined;
  return {
    enabled: user.totp_enabled_at !== null,
    required: await required(deps, user),
    recovery_codes_left: user.totp_enabled_at ? await repo.recoveryCodesLeft(deps.db, user.id) : 0,
    customer_require_2fa: customer ? customer.require_2fa : null,
  };
}

/** A new key for the user's authenticator app; in use only once a first code confirms it (`enable`). */
export async function setup(deps: Deps, actor: Actor): Promise<Outcome<TwoFactorSetupDto>> {
  const user = await ownUser(deps, actor);
  if (user.totp_enabled_at)
    throw invalid({ code: ['errors.two_factor_already_enabled'] }, 'errors.two_factor_already_enabled');
  const secret = newTotpSecret();
  await repo.setPendingSecret(deps.db, user.id, seal(deps.config.secretsKey, secret));
  const uri = otpauthUri(secret, deps.config.brand.name, user.email);
  return outcome(
    { secret, otpauth_uri: uri, qr_svg: await qrSvgDataUrl(uri) },
    { action: 'auth.two_factor_setup', key: 'auth.two_factor_setup' },
  );
}

/** Confirms the key with a first code; answers the recovery codes, shown this once. */
export async function enable(deps: Deps, actor: Actor, code: string): Promise<Outcome<TwoFactorEnabledDto>> {
  const user = await ownUser(deps, actor);
  if (user.totp_enabled_at)
    throw invalid({ code: ['errors.two_factor_already_enabled'] }, 'errors.two_factor_already_enabled');
  if (!user.totp_secret)
    throw invalid({ code: ['errors.two_factor_not_set_up'] }, 'errors.two_factor_not_set_up');
  let verdict: CodeVerdict | null = 'wrong';
  await checkedAttempt(deps, user.email, actor.ip, async () => {
    verdict = await checkCode(deps, user, code);
    return verdict === null || false;
  });
  if (verdict) throw invalid({ code: [CODE_MESSAGES[verdict]] }, CODE_MESSAGES[verdict]);
  const codes = newRecoveryCodes();
  await repo.enable(deps.db, user.id, codes.map(recoveryCodeHash), new Date());
  return outcome(
    { recovery_codes: codes, message: actor.t('auth.two_factor_enabled') },
    { action: 'auth.two_factor_enable', key: 'auth.two_factor_enabled' },
  );
}

/** Turns the second factor off: the current password and a code, both checked under the lockout. */
export async function disable(
  deps: Deps,
  actor: Actor,
  input: { password: string; code: string },
): Promise<Outcome<{ message: string }>> {
  const user = await ownUser(deps, actor);
  if (!user.totp_enabled_at)
    throw invalid({ code: ['errors.two_factor_not_enabled'] }, 'errors.two_factor_not_enabled');
  let refusal: AppError | null = null;
  await checkedAttempt(deps, user.email, actor.ip, async () => {
    if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
      refusal = invalid({ password: ['errors.wrong_password'] }, 'errors.wrong_password');
      return false;
    }
    const verdict = await checkCode(deps, user, input.code);
    if (verdict) refusal = invalid({ code: [CODE_MESSAGES[verdict]] }, CODE_MESSAGES[verdict]);
    return verdict === null || false;
  });
  if (refusal) throw refusal;
  await repo.disable(deps.db, user.id);
  return outcome(
    { message: actor.t('auth.two_factor_disabled') },
    { action: 'auth.two_factor_disable', key: 'auth.two_factor_disabled' },
  );
}

const challengeRefused = () =>
  invalid({ challenge: ['errors.two_factor_challenge_invalid'] }, 'errors.two_factor_challenge_invalid');

/** The second step of a sign-in: the challenge of the first and a code or a recovery code. */
export async function completeSignIn(
  deps: Deps,
  caller: Anonymous,
  input: {
    challenge: string;
    code?: string | undefined;
    recovery_code?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<Outcome<LoginResponse>> {
  const challengeHash = sha256(input.challenge);
  const userId = await repo.challengeUser(deps.db, challengeHash, new Date());
  const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
  if (!user?.totp_enabled_at) throw challengeRefused();
  let refusal = 'errors.two_factor_code_wrong';
  const ok = await checkedAttempt(deps, user.email, caller.ip, async () => {
    if (input.recovery_code !== undefined) {
      refusal = 'errors.two_factor_recovery_wrong';
      return repo.useRecoveryCode(deps.db, user.id, recoveryCodeHash(input.recovery_code), new Date());
    }
    const verdict = await checkCode(deps, user, input.code ?? '');
    if (verdict) refusal = CODE_MESSAGES[verdict];
    return verdict === null || false;
  });
  if (!ok) {
    const field = input.recovery_code !== undefined ? 'recovery_code' : 'code';
    throw invalid({ [field]: [refusal] }, refusal);
  }
  if (!(await repo.consumeChallenge(deps.db, challengeHash, new Date()))) throw challengeRefused();
  if (!user.is_active) {
    throw new AppError(401, 'errors.user_disabled', { errorCode: ERROR_CODES.INACTIVE_USER });
  }
  return startSession(deps, caller, user, {
    userAgent: input.userAgent,
    method: input.recovery_code !== undefined ? 'recovery code' : 'authenticator app',
  });
}

/**
 * At start, on every process: encrypts under SECRETS_KEY the keys stored in clear before encryption
 * or under a previous key (SECRETS_KEY_PREVIOUS, a rotation); stops the start when one opens with
 * no key given (lib/secret-box.ts#resealStored). Without a key (production with no SECRETS_KEY)
 * keys in clear stay as they are, and still work.
 */
export async function resealSecrets(deps: Pick<Deps, 'db' | 'config' | 'log'>): Promise<number> {
  const rows = (await repo.storedSecrets(deps.db)).map((r) => ({ id: r.id, stored: r.totp_secret }));
  const count = await resealStored(deps.config, 'two-factor keys (users.totp_secret)', rows, (id, from, to) =>
    repo.replaceSecret(deps.db, id, from, to),
  );
  if (count > 0) deps.log.info({ count }, 'two-factor keys encrypted under SECRETS_KEY');
  return count;
}

/** An admin takes a user's second factor away (the user sets it up again, if required at next sign-in). */
export async function resetUser(
  deps: Deps,
  actor: Actor,
  userId: number,
): Promise<Outcome<{ message: string }>> {
  const target = (await findUserById(deps.db, userId)) ?? null;
  assertCan(actor.user, 'reset', target);
  await repo.disable(deps.db, target.id);
  return outcome(
    { message: actor.t('auth.two_factor_reset') },
    {
      action: 'auth.two_factor_reset',
      key: 'auth.two_factor_reset',
      params: { email: target.email },
      customerId: target.customer_id,
    },
  );
}

/** A client admin (or VERBA_ADMIN) requires a second factor of a customer's users from their next sign-in. */
export async function requireForCustomer(
  deps: Deps,
  actor: Actor,
  customerId: number,
  required: boolean,
): Promise<Outcome<{ message: string }>> {
  const customer = (await repo.customerRequirement(deps.db, customerId)) ?? null;
  assertCan(actor.user, 'require-for-customer', customer);
  await repo.setCustomerRequirement(deps.db, customer.id, required);
  return outcome(
    { message: actor.t('auth.require_2fa_saved') },
    {
      action: 'auth.require_2fa',
      key: required ? 'auth.require_2fa_on' : 'auth.require_2fa_off',
      params: { name: customer.name },
      customerId: customer.id,
    },
  );
}
