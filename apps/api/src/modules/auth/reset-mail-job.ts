import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/service.ts';
import { findUserByEmail, mailPasswordLink } from '../users/service.ts';

export const RESET_MAIL_JOB = 'auth.reset_mail';

/** At most this many reset links per account and hour; further requests still get the neutral answer. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * Queues the reset mail of whatever email was asked for. The request does the same work whether
 * or not the email is known, and never waits for the mail server; the job finds out.
 */
export async function queueResetMail(deps: Pick<Deps, 'jobs'>, email: string): Promise<void> {
  await deps.jobs.enqueue(RESET_MAIL_JOB, { email });
}

/** Mails an active user a reset link, within the hourly cap; an unknown or inactive email gets nothing. */
export async function sendResetMail(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user?.is_active) await mailPasswordLink(deps, user, 'reset', RESET_MAILS_PER_HOUR);
}

export function registerResetMailJob(app: FastifyInstance): void {
  app.jobs.work(RESET_MAIL_JOB, async (payload) => {
    await sendResetMail(app, String(payload.email));
  });
}
