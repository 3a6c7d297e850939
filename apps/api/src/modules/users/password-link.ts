import type { Locale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import type { Deps } from '../../lib/service.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { replaceResetToken } from './repository.ts';

const WELCOME_LINK_MINUTES = 7 * 24 * 60;

/**
 * Mails a single-use link to set a password: `reset` when asked for, `welcome` for a new
 * account (no password is ever sent in clear). A new link replaces earlier unused ones.
 * With `perHour`, nothing is sent (false) once the user got that many links in the last hour.
 */
export async function mailPasswordLink(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  user: { id: number; name: string; email: string; language: Locale },
  kind: 'reset' | 'welcome',
  perHour?: number,
): Promise<boolean> {
  const token = newToken();
  const minutes = kind === 'welcome' ? WELCOME_LINK_MINUTES : deps.config.passwordResetTtlMinutes;
  const cap = perHour === undefined ? undefined : { since: new Date(Date.now() - 3_600_000), max: perHour };
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  if (!(await replaceResetToken(deps.db, user.id, sha256(token), expiresAt, cap))) return false;
  const t = translator(user.language);
  const link = `${deps.config.publicUrl}/login/reset/${token}?email=${encodeURIComponent(user.email)}`;
  const body = composeMail(t, deps.config.brand.name, user.name, [
    t(`mail.${kind}.intro`, { brand: deps.config.brand.name }),
    t(`mail.${kind}.action`, { link }),
    kind === 'welcome'
      ? t('mail.welcome.expiry', { days: minutes / (24 * 60) })
      : t('mail.reset.expiry', { minutes }),
    t(`mail.${kind}.ignore`),
  ]);
  await deps.mailer.send({
    to: user.email,
    subject: t(`mail.${kind}.subject`, { brand: deps.config.brand.name }),
    ...body,
  });
  return true;
}
