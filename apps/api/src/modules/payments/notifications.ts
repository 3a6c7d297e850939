import type { Locale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { formatLongDate } from '../../lib/format.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import type { Deps } from '../../lib/service.ts';
import { findTaskById, requesterOf } from '../tasks/service.ts';

const formatDue = (due: Date | null, locale: Locale) => (due ? formatLongDate(due, locale) : '-');

/**
 * Mails the requester (its language) that its task was approved (paid) or sent to production on
 * deferred terms, with the due date: its confirmation. Staff and the customer's client admins hear
 * it through their notifications (modules/notifications). Never fails the call.
 */
export async function notifyApproval(deps: Deps, taskId: number, kind: 'approved' | 'deferred') {
  try {
    const task = await findTaskById(deps, taskId);
    if (!task) return;
    const link =
      task.guest_token && !task.customer_id
        ? `${deps.config.publicUrl}/guest-task/${task.guest_token}`
        : `${deps.config.publicUrl}/tasks/${task.id}`;
    const values = { code: task.code, description: task.description, brand: deps.config.brand.name };
    const requester = await requesterOf(deps, task);
    if (requester) {
      const locale = requester.language;
      const t = translator(locale);
      await deps.mailer.send({
        to: requester.email,
        subject: t(`payments.mail.${kind}.subject`, values),
        ...composeMail(t, deps.config.brand.name, requester.name, [
          t(`payments.mail.${kind}.intro`, values),
          t('payments.mail.due', { date: formatDue(task.due_date, locale) }),
          t('payments.mail.link', { link }),
        ]),
      });
    }
  } catch (err) {
    deps.log.error({ err, taskId }, 'could not send the approval mails');
  }
}
