import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Locale } from '@verba/contracts';
import { users } from '../../db/schema/index.ts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import type { TaskRow } from './repository.ts';

/** Staff validated the source files of a custom quote: the requester can now approve the added concepts. */
export async function notifySourceFilesValidated(app: FastifyInstance, task: TaskRow): Promise<void> {
  if (!task.user_id) return;
  const [user] = await app.db.select().from(users).where(eq(users.id, task.user_id));
  if (!user) return;
  const t = translator(user.language as Locale);
  const link = `${app.config.publicUrl}/tasks/${task.id}`;
  const body = composeMail(t, app.config.brand.name, user.name, [
    t('mail.validated.intro', { code: task.code, description: task.description }),
    t('mail.validated.action', { link }),
  ]);
  await app.mailer.send({
    to: user.email,
    subject: t('mail.validated.subject', { code: task.code, brand: app.config.brand.name }),
    ...body,
  });
}

/** The requester hears when its task goes in course and when it is done (with the link to download). */
export async function notifyStateChange(app: FastifyInstance, task: TaskRow): Promise<void> {
  if (!task.user_id || (task.state !== 'IN_COURSE' && task.state !== 'DONE')) return;
  const [user] = await app.db.select().from(users).where(eq(users.id, task.user_id));
  if (!user?.is_active) return;
  const t = translator(user.language as Locale);
  const kind = task.state === 'DONE' ? 'done' : 'in_course';
  const link = `${app.config.publicUrl}/tasks/${task.id}`;
  const body = composeMail(t, app.config.brand.name, user.name, [
    t(`mail.${kind}.intro`, { code: task.code, description: task.description }),
    t(`mail.${kind}.action`, { link }),
  ]);
  await app.mailer.send({
    to: user.email,
    subject: t(`mail.${kind}.subject`, { code: task.code, brand: app.config.brand.name }),
    ...body,
  });
}
