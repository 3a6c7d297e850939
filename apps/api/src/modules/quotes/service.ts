import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@verba/contracts';
import {
  endOfMadridDayOf,
  isQuoteStillValid,
  priceTask,
  sumMoney,
  type LanguagePriceSummary,
} from '@verba/contracts/pricing';
import { countries, users } from '../../db/schema/index.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { translator } from '../../lib/i18n.ts';
import { actorOf } from '../../lib/service.ts';
import { BRAND_NAME, composeMail } from '../../lib/mail-templates.ts';
import { quoteTask, taskDetailParts, visibleTask, type TaskRow } from '../tasks/service.ts';
import { isStaffUser } from '../tasks/policy.ts';
import { renderQuotePdf, type QuoteData } from './pdf.ts';
import { formatDate, formatMoney } from './format.ts';

/** The provider's postal address on quotes (DESIGN §1: the brand is configuration). */
export const BRAND_ADDRESS =
  process.env.BRAND_ADDRESS ?? 'Passeig de Gràcia 1, 08007 Barcelona, Spain · hello@verba.test';

type StoredSummary = LanguagePriceSummary & { rateMissing?: boolean };

const pick = (row: Record<string, unknown> | undefined, field: string, locale: Locale) =>
  row ? String(row[`${field}_${locale}`] ?? '') : '';

/** Other concept line totals, computed exactly by the pricing engine (quantity × price, cents). */
function conceptLines(concepts: Array<{ concept: string; quantity: string; price: string }>) {
  return [
    ...priceTask({
      translation_type: { id: 1, percent: '100' },
      languages: [],
      other_concepts: concepts,
    }).other_concepts,
  ];
}

/**
 * Gathers what the quote shows, in `locale`. Amounts are the task's stored quote (what the task
 * screen shows); a task never priced, or with a language not priced yet, is priced now.
 */
export async function quoteData(
  app: FastifyInstance,
  task: TaskRow,
  locale: Locale,
  now = new Date(),
): Promise<QuoteData> {
  if (task.state === 'CALCULATING') throw new AppError(422, 'quotes.not_ready');
  const p = await taskDetailParts(app.db, task);
  const stored = p.targets.map((target) => target.price_summary as StoredSummary | null);
  const priced = Boolean(task.quoted_at) && stored.every(Boolean);
  // The delivery date stands while the quote is valid (or once approved); else as if approved now.
  const dueStands =
    Boolean(task.approved_at) || (task.quoted_at !== null && isQuoteStillValid(task.quoted_at, now));
  const fresh = !priced || !dueStands ? await quoteTask(app.db, task, now) : null;

  const summaries = p.targets.map((target, i): { summary: StoredSummary; rateMissing: boolean } => {
    const freshSummary = fresh?.price.languages.find((l) => l.targetLanguageId === target.language_id);
    const summary: StoredSummary | null | undefined = priced ? stored[i] : freshSummary;
    if (!summary) throw new Error(`task ${task.id}: no price for language ${target.language_id}`);
    const rateMissing = priced
      ? Boolean(summary.rateMissing)
      : Boolean(fresh?.missingRates.includes(target.language_id));
    return { summary, rateMissing };
  });

  const totals = priced
    ? {
        basePrice: task.base_price,
        discountPercentage: task.discount_percentage,
        discountAmount: task.discount_amount,
        otherPrices: task.other_prices,
        taxName: task.tax_name,
        taxPercentage: task.tax_percentage,
        taxes: sumMoney(task.price_taxes, task.other_prices_taxes),
        taxedPrice: task.taxed_price,
        amountToPay: task.amount_to_pay,
      }
    : {
        basePrice: fresh!.price.base_price,
        discountPercentage: fresh!.price.discount.percent,
        discountAmount: fresh!.price.discount.amount,
        otherPrices: fresh!.price.other_prices,
        taxName: fresh!.price.tax_name,
        taxPercentage: fresh!.price.tax_percentage,
        taxes: sumMoney(fresh!.price.price_taxes, fresh!.price.other_prices_taxes),
        taxedPrice: fresh!.price.taxed_price,
        amountToPay: fresh!.price.amount_to_pay,
      };
  const discount = totals.discountAmount.startsWith('-')
    ? totals.discountAmount.slice(1)
    : `-${totals.discountAmount}`;

  const [country] = p.customer
    ? await app.db.select().from(countries).where(eq(countries.id, p.customer.country_id))
    : [];
  const c = p.customer;
  const dueDate = dueStands ? task.due_date : fresh?.dueDate ? new Date(fresh.dueDate) : null;
  return {
    locale,
    brand: { name: BRAND_NAME, address: BRAND_ADDRESS },
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
    },
    languages: p.targets.map((target, i) => ({
      name: pick(target, 'name', locale),
      summary: summaries[i]!.summary,
      rateMissing: summaries[i]!.rateMissing,
    })),
    otherConcepts: conceptLines(
      p.concepts.map((concept) => ({
        concept: concept.description ? `${concept.concept} (${concept.description})` : concept.concept,
        quantity: concept.quantity,
        price: concept.price,
      })),
    ),
    totals: {
      ...totals,
      untaxed: sumMoney(totals.basePrice, discount, totals.otherPrices),
    },
    delivery: { date: dueDate, ifApprovedToday: !task.approved_at },
  };
}

export interface QuotePdf {
  filename: string;
  content: Buffer;
  data: QuoteData;
}

async function buildPdf(app: FastifyInstance, task: TaskRow, locale: Locale): Promise<QuotePdf> {
  const data = await quoteData(app, task, locale);
  const content = await renderQuotePdf(data, translator(locale));
  return { filename: `quote-${task.code.replace(/[^\w.-]/g, '_')}.pdf`, content, data };
}

/** POST /task/budget/pdf: the quote of a task the caller may see, in `lang`. */
export async function quotePdf(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  locale: Locale,
): Promise<QuotePdf> {
  const task = await visibleTask(app, actorOf(request), id);
  const pdf = await buildPdf(app, task, locale);
  request.actionLog = {
    action: 'quotes.pdf',
    description: `Downloaded the quote of task ${task.code} (${locale})`,
    customerId: task.customer_id,
  };
  return pdf;
}

/**
 * POST /tasks/{id}/send/budget: mails the quote PDF to the task's requester (also when staff
 * send it), in `lang` or else the requester's language. A task whose requester is gone or
 * inactive goes to the client who asks; staff then get a 422.
 */
export async function sendQuote(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  lang: Locale | undefined,
): Promise<{ sent: true; to: string }> {
  const user = request.user;
  if (!user) throw unauthenticated();
  const task = await visibleTask(app, actorOf(request), id);
  const [requester] = task.user_id ? await app.db.select().from(users).where(eq(users.id, task.user_id)) : [];
  const recipient = requester?.is_active
    ? { email: requester.email, name: requester.name, language: requester.language }
    : !isStaffUser(user)
      ? { email: user.email, name: user.name, language: user.language }
      : null;
  if (!recipient) throw new AppError(422, 'quotes.no_recipient');
  const locale: Locale = lang ?? (isLocale(recipient.language) ? recipient.language : 'en');
  const pdf = await buildPdf(app, task, locale);
  const t = translator(locale);
  const link = `${app.config.publicUrl}/tasks/${task.id}/quote`;
  const body = composeMail(t, recipient.name, [
    t('quotes.mail.intro', { code: task.code, description: task.description }),
    t('quotes.mail.amount', {
      amount: formatMoney(pdf.data.totals.amountToPay, locale),
      date: formatDate(pdf.data.validUntil, locale),
    }),
    t('quotes.mail.action', { link }),
  ]);
  await app.mailer.send({
    to: recipient.email,
    subject: t('quotes.mail.subject', { code: task.code, brand: BRAND_NAME }),
    ...body,
    attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
  });
  request.actionLog = {
    action: 'quotes.send',
    description: `Sent the quote of task ${task.code} to ${recipient.email} (${locale})`,
    customerId: task.customer_id,
  };
  return { sent: true, to: recipient.email };
}
