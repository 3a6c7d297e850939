import { isLocale, type Locale } from '@verba/contracts';
import { conceptLines, endOfMadridDayOf } from '@verba/contracts/pricing';
import { AppError } from '../../lib/app-error.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { translator } from '../../lib/i18n.ts';
import { composeMail } from '../../lib/mail-templates.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { findCountry } from '../languages/service.ts';
import { readQuote, taskParts, visibleTask, type TaskRow } from '../tasks/service.ts';
import { isStaffUser } from '../tasks/policy.ts';
import { findUserById } from '../users/service.ts';
import type { QuoteData } from './pdf/quote-data.ts';
import { renderQuotePdf } from './pdf/render.ts';

type QuoteDeps = Pick<Deps, 'db' | 'config'>;

const pick = (row: Record<string, unknown> | undefined, field: string, locale: Locale) =>
  row ? String(row[`${field}_${locale}`] ?? '') : '';

/**
 * Gathers what the quote shows, in `locale`. Amounts are the task's stored quote (what the task
 * screen shows); a task never priced, or with a language not priced yet, is priced now.
 */
export async function quoteData(
  deps: QuoteDeps,
  task: TaskRow,
  locale: Locale,
  now = new Date(),
): Promise<QuoteData> {
  if (task.state === 'CALCULATING') throw new AppError(422, 'quotes.not_ready');
  const p = await taskParts(deps, task);
  const amounts = await readQuote(deps.db, task, p.targets, { at: now, dueDate: true });
  const c = p.customer;
  const country = c ? await findCountry(deps, c.country_id) : undefined;
  return {
    locale,
    brand: deps.config.brand,
    code: task.code,
    issuedAt: now,
    validUntil: endOfMadridDayOf(now),
    customer: c
      ? {
          name: c.name,
          taxId: c.tin,
          addressLines: [
            c.address,
            c.address_2,
            [c.postal_code, c.town].filter(Boolean).join(' '),
            c.province && c.province !== c.town ? c.province : null,
          ].filter((line): line is string => Boolean(line)),
          country: country ? pick(country, 'name', locale) : null,
        }
      : null,
    requester: p.requester ? `${p.requester.name} ${p.requester.lastname}`.trim() : null,
    project: {
      name: task.description,
      sourceLanguage: pick(p.source, 'name', locale),
      targetLanguages: p.targets.map((target) => pick(target, 'name', locale)),
      translationType: pick(p.type, 'name', locale),
      department: p.department?.title ?? null,
      poNumber: task.po_number,
      clientReference: task.client_reference,
    },
    languages: p.targets.map((target, i) => ({
      name: pick(target, 'name', locale),
      summary: amounts.languages[i]!.summary,
      rateMissing: amounts.languages[i]!.rateMissing,
    })),
    otherConcepts: conceptLines(
      p.concepts.map((c) => ({
        concept: c.description ? `${c.concept} (${c.description})` : c.concept,
        quantity: c.quantity,
        price: c.price,
      })),
    ),
    totals: amounts.totals,
    delivery: { date: amounts.dueDate, ifApprovedToday: !task.approved_at },
  };
}

export interface QuotePdf {
  filename: string;
  content: Buffer;
  data: QuoteData;
}

async function buildPdf(deps: QuoteDeps, task: TaskRow, locale: Locale): Promise<QuotePdf> {
  const data = await quoteData(deps, task, locale);
  const content = await renderQuotePdf(data, translator(locale));
  return { filename: `quote-${task.code.replace(/[^\w.-]/g, '_')}.pdf`, content, data };
}

/** POST /task/budget/pdf: the quote of a task the actor may see, in `locale`. */
export async function quotePdf(
  deps: QuoteDeps,
  actor: Actor,
  id: number,
  locale: Locale,
): Promise<Outcome<QuotePdf>> {
  const task = await visibleTask(deps, actor, id);
  const pdf = await buildPdf(deps, task, locale);
  return outcome(pdf, {
    action: 'quotes.pdf',
    key: 'quotes.downloaded',
    params: { code: task.code, locale },
    customerId: task.customer_id,
  });
}

/**
 * POST /tasks/{id}/send/budget: mails the quote PDF to the task's requester (also when staff
 * send it), in `lang` or else the requester's language. A task whose requester is gone or
 * inactive goes to the client who asks; staff then get a 422.
 */
export async function sendQuote(
  deps: QuoteDeps & Pick<Deps, 'mailer'>,
  actor: Actor,
  id: number,
  lang: Locale | undefined,
): Promise<Outcome<{ sent: true; to: string }>> {
  const user = actor.user;
  const task = await visibleTask(deps, actor, id);
  const requester = task.user_id ? await findUserById(deps.db, task.user_id) : undefined;
  const recipient = requester?.is_active
    ? { email: requester.email, name: requester.name, language: requester.language }
    : !isStaffUser(user)
      ? { email: user.email, name: user.name, language: user.language }
      : null;
  if (!recipient) throw new AppError(422, 'quotes.no_recipient');
  const locale: Locale = lang ?? (isLocale(recipient.language) ? recipient.language : 'en');
  const pdf = await buildPdf(deps, task, locale);
  const t = translator(locale);
  const brand = deps.config.brand.name;
  const link = `${deps.config.publicUrl}/tasks/${task.id}/quote`;
  const body = composeMail(t, brand, recipient.name, [
    t('quotes.mail.intro', { code: task.code, description: task.description }),
    t('quotes.mail.amount', {
      amount: formatMoney(pdf.data.totals.amountToPay, locale),
      date: formatDate(pdf.data.validUntil, locale),
    }),
    t('quotes.mail.action', { link }),
  ]);
  await deps.mailer.send({
    to: recipient.email,
    subject: t('quotes.mail.subject', { code: task.code, brand }),
    ...body,
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  });
  return outcome(
    { sent: true as const, to: recipient.email },
    {
      action: 'quotes.send',
      key: 'quotes.sent',
      params: { code: task.code, email: recipient.email, locale },
      customerId: task.customer_id,
    },
  );
}
