import type { Locale } from '@verba/contracts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import type { Deps } from '../../lib/service.ts';
import { activeStaff } from '../users/service.ts';
import type { TaskRow } from '../tasks/service.ts';

interface Requester {
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  phone_number: string;
  lang: Locale;
}

/**
 * The guest gets its link in its language; every active VERBA_ADMIN/VERBA_PM hears of the
 * request. A mail failure never fails the request (the guest has the link on the next page).
 */
export async function notifyQuoteRequested(deps: Deps, task: TaskRow, who: Requester, token: string) {
  const brand = deps.config.brand.name;
  const link = `${deps.config.publicUrl}/guest-task/${token}`;
  try {
    const t = translator(who.lang);
    await deps.mailer.send({
      to: who.email,
      subject: t('guest.mail.registered.subject', { code: task.code, brand }),
      ...composeMail(t, brand, who.first_name, [
        t('guest.mail.registered.intro', { code: task.code, brand }),
        t('guest.mail.registered.action', { link }),
        t('guest.mail.registered.expiry', { days: deps.config.guestQuotes.ttlDays }),
      ]),
    });
  } catch (err) {
    deps.log.error({ err, task: task.code }, 'could not mail the guest its quote link');
  }
  try {
    const staffLink = `${deps.config.publicUrl}/tasks/${task.id}`;
    for (const staff of await activeStaff(deps.db)) {
      const t = translator(staff.language);
      const values = {
        code: task.code,
        who: `${who.first_name} ${who.last_name}`,
        // Company (when the guest gave one), e-mail and phone: no "-" for what was not asked.
        contact: [who.company_name, who.email, who.phone_number].filter(Boolean).join(', '),
      };
      await deps.mailer.send({
        to: staff.email,
        subject: t('guest.mail.staff_registered.subject', values),
        ...composeMail(t, brand, staff.name, [
          t('guest.mail.staff_registered.intro', values),
          t('guest.mail.staff_link', { link: staffLink }),
        ]),
      });
    }
  } catch (err) {
    deps.log.error({ err, task: task.code }, 'could not tell staff about a quote request');
  }
}
