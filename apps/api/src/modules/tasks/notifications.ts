import { translator } from '../../lib/i18n.ts';
import type { Deps } from '../../lib/service.ts';
import { findCustomer } from '../customers/service.ts';
import { activeStaff, findUserById } from '../users/service.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import * as repo from './repository.ts';
import type { TaskRow } from './repository.ts';

/** Staff validated the source files of a custom quote: the requester can now approve the added concepts. */
export async function notifySourceFilesValidated(deps: Deps, task: TaskRow): Promise<void> {
  if (!task.user_id) return;
  const user = await findUserById(deps.db, task.user_id);
  if (!user) return;
  const t = translator(user.language);
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

/**
 * The requester hears when its task goes in course and when it is done (with the link to download):
 * a client user, or the guest of the public quote form, whose link is its guest page.
 */
export async function notifyStateChange(deps: Deps, task: TaskRow): Promise<void> {
  if (task.state !== 'IN_COURSE' && task.state !== 'DONE') return;
  const requester = await requesterOf(deps, task);
  if (!requester) return;
  const t = translator(requester.language);
  const kind = task.state === 'DONE' ? 'done' : 'in_course';
  const link = `${deps.config.publicUrl}${requester.path}`;
  const body = composeMail(t, deps.config.brand.name, requester.name, [
    t(`mail.${kind}.intro`, { code: task.code, description: task.description }),
    t(`mail.${kind}.action`, { link }),
  ]);
  await deps.mailer.send({
    to: requester.email,
    subject: t(`mail.${kind}.subject`, { code: task.code, brand: deps.config.brand.name }),
    ...body,
  });
}

/** Who asked for the task: its active requester, or the guest of the public quote form (with its page). */
export async function requesterOf(deps: Pick<Deps, 'db'>, task: TaskRow) {
  if (task.user_id) {
    const user = await findUserById(deps.db, task.user_id);
    return user?.is_active
      ? { email: user.email, name: user.name, language: user.language, path: `/tasks/${task.id}` }
      : undefined;
  }
  if (task.customer_id || !task.guest_token) return undefined;
  const guest = await repo.guestRequester(deps.db, task.id);
  return guest
    ? {
        email: guest.email,
        name: guest.name,
        language: guest.language ?? 'en',
        path: `/guest-task/${task.guest_token}`,
      }
    : undefined;
}

/**
 * A task came back from analysis with target languages that have no rate: it is a custom quote
 * now, and every active staff member hears which languages wait for a price.
 */
export async function notifyCustomQuote(deps: Deps, task: TaskRow, unpricedIds: number[]): Promise<void> {
  const languages = await repo.languagesByIds(deps.db, unpricedIds);
  const customer = task.customer_id ? await findCustomer(deps.db, task.customer_id) : undefined;
  const link = `${deps.config.publicUrl}/tasks/${task.id}`;
  for (const staff of await activeStaff(deps.db)) {
    const locale = staff.language;
    const t = translator(locale);
    const values = {
      code: task.code,
      description: task.description,
      customer: customer?.name ?? t('mail.custom_quote.guest'),
      languages: languages.map((l) => l[`name_${locale}`]).join(', '),
      brand: deps.config.brand.name,
    };
    await deps.mailer.send({
      to: staff.email,
      subject: t('mail.custom_quote.subject', values),
      ...composeMail(t, deps.config.brand.name, staff.name, [
        t('mail.custom_quote.intro', values),
        t('mail.custom_quote.action', { link }),
      ]),
    });
  }
}
