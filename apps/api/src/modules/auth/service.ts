import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, type LoginResponse, type Locale } from '@verba/contracts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { hashPassword, timingSafeDummyHash, verifyPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import { writeActionLog } from '../../plugins/action-log.ts';
import {
  findUserByEmail,
  findUserById,
  revokeSessions,
  setPasswordHash,
  userDto,
} from '../users/repository.ts';
import { findCustomer } from '../customers/repository.ts';
import * as repo from './repository.ts';

export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<LoginResponse> {
  const normalised = email.trim().toLowerCase();
  const { maxFailuresPerAccount, failureWindowMinutes } = app.config.login;
  const since = new Date(Date.now() - failureWindowMinutes * 60_000);
  if ((await repo.countRecentLoginFailures(app.db, normalised, since)) >= maxFailuresPerAccount) {
    throw new AppError(429, 'errors.too_many_login_failures', {
      values: { minutes: failureWindowMinutes },
      headers: { 'retry-after': String(failureWindowMinutes * 60) },
    });
  }
  const user = await findUserByEmail(app.db, normalised);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await timingSafeDummyHash()), password);
  if (!user || !passwordOk) {
    await writeActionLog(app.db, request, {
      action: repo.LOGIN_FAILED_ACTION,
      description: 'Failed sign-in attempt',
      userEmail: normalised,
      customerId: null,
    });
    throw new AppError(401, 'errors.bad_credentials', { errorCode: ERROR_CODES.BAD_CREDENTIALS });
  }
  const customer = user.customer_id ? await findCustomer(app.db, user.customer_id) : undefined;
  if (!user.is_active || customer?.is_active === false) {
    throw new AppError(401, 'errors.user_disabled', { errorCode: ERROR_CODES.INACTIVE_USER });
  }
  const token = newToken();
  const now = new Date();
  await repo.createSession(app.db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + app.config.sessionTtlSeconds * 1000),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  await repo.recordLogin(app.db, user.id, user.customer_id, now);
  request.actionLog = {
    action: 'auth.login',
    description: 'Signed in',
    userEmail: user.email,
    userId: user.id,
    customerId: user.customer_id,
  };
  return {
    user: await userDto(app.db, user),
    access_token: token,
    token_type: 'Bearer',
    expires_in: app.config.sessionTtlSeconds,
  };
}

export async function logout(app: FastifyInstance, sessionId: number): Promise<void> {
  await repo.revokeSession(app.db, sessionId);
}

/** Mails a single-use link in the user's language; answers the same whether or not the email exists. */
export async function sendResetLink(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  request.actionLog = {
    action: 'auth.password_reset_requested',
    description: 'Password reset requested',
    userEmail: email,
    customerId: null,
  };
  const user = await findUserByEmail(app.db, email);
  if (!user || !user.is_active) return;
  await mailPasswordLink(app, user, 'reset');
}

const WELCOME_LINK_MINUTES = 7 * 24 * 60;

/**
 * Mails a single-use link to set a password: `reset` when asked for, `welcome` for a new
 * account (no password is ever sent in clear). A new link replaces earlier unused ones.
 */
export async function mailPasswordLink(
  app: FastifyInstance,
  user: { id: number; name: string; email: string; language: string },
  kind: 'reset' | 'welcome',
): Promise<void> {
  const token = newToken();
  const minutes = kind === 'welcome' ? WELCOME_LINK_MINUTES : app.config.passwordResetTtlMinutes;
  await repo.replaceResetToken(app.db, user.id, sha256(token), new Date(Date.now() + minutes * 60_000));
  const t = translator(user.language as Locale);
  const link = `${app.config.publicUrl}/login/reset/${token}?email=${encodeURIComponent(user.email)}`;
  const body = composeMail(t, app.config.brand.name, user.name, [
    t(`mail.${kind}.intro`, { brand: app.config.brand.name }),
    t(`mail.${kind}.action`, { link }),
    kind === 'welcome'
      ? t('mail.welcome.expiry', { days: minutes / (24 * 60) })
      : t('mail.reset.expiry', { minutes }),
    t(`mail.${kind}.ignore`),
  ]);
  await app.mailer.send({
    to: user.email,
    subject: t(`mail.${kind}.subject`, { brand: app.config.brand.name }),
    ...body,
  });
}

async function usableReset(app: FastifyInstance, token: string, email: string | undefined) {
  const reset = await repo.findUsableReset(app.db, sha256(token), new Date());
  if (!reset || !reset.is_active || (email !== undefined && reset.email !== email)) {
    throw invalid({ token: ['errors.reset_token_invalid'] }, 'errors.reset_token_invalid');
  }
  return reset;
}

export async function validateResetToken(app: FastifyInstance, token: string, email?: string): Promise<void> {
  await usableReset(app, token, email);
}

/** Sets the new password, spends the token and signs the user out everywhere. */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; token: string; password: string },
): Promise<void> {
  const reset = await usableReset(app, input.token, input.email);
  const passwordHash = await hashPassword(input.password);
  if (!(await repo.consumeReset(app.db, reset.id))) {
    throw invalid({ token: ['errors.reset_token_invalid'] }, 'errors.reset_token_invalid');
  }
  await setPasswordHash(app.db, reset.user_id, passwordHash);
  await revokeSessions(app.db, reset.user_id);
  const user = await findUserById(app.db, reset.user_id);
  request.actionLog = {
    action: 'auth.password_reset',
    description: 'Password reset with a mailed link',
    userEmail: user?.email,
    userId: user?.id,
    customerId: user?.customer_id ?? null,
  };
}
