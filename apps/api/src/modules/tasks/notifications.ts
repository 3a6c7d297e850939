import type { Locale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import type { Deps } from '../../lib/service.ts';
import { findUserById } from '../users/service.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import type { TaskRow } from './repository.ts';

/** Staff validated the source files of a custom quote: the requester can now approve the added concepts. */
export async function notifySourceFilesValidated(deps: Deps, task: TaskRow): Promise<void> {
  if (!task.user_id) return;
  const user = await findUserById(deps.db, task.user_id);
  if (!user) return;
  const t = translator(user.language as Locale);
  const link = `${deps.config.publicUrl}/tasks/${task.id}`;
  const body = composeMail(t, deps.config.brand.name, user.name, [
    t('mail.validated.intro', { code: task.code, description: task.description }),
    t('mail.validated.action', { link }),
  ]);
  await deps.mailer.send({
    to: user.email,
    subject: t('mail.validated.subject', { code: task.code, brand: deps.config.brand.name }),
    ...body,
  });
}

/** The requester hears when its task goes in course and when it is done (with the link to download). */
export async function notifyStateChange(deps: Deps, task: TaskRow): Promise<void> {
  if (!task.user_id || (task.state !== 'IN_COURSE' && task.state !== 'DONE')) return;
  const user = await findUserById(deps.db, task.user_id);
  if (!user?.is_active) return;
  const t = translator(user.language as Locale);
  const kind = task.state === 'DONE' ? 'done' : 'in_course';
  const link = `${deps.config.publicUrl}/tasks/${task.id}`;
  const body = composeMail(t, deps.config.brand.name, user.name, [
    t(`mail.${kind}.intro`, { code: task.code, description: task.description }),
    t(`mail.${kind}.action`, { link }),
  ]);
  await deps.mailer.send({
    to: user.email,
    subject: t(`mail.${kind}.subject`, { code: task.code, brand: deps.config.brand.name }),
    ...body,
  });
}
