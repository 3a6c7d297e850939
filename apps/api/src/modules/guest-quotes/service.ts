import {
  customerBody,
  issueField,
  issueMessage,
  quoteRequestSchema,
  resolveLocale,
  userBody,
  type ConvertGuestInput,
  type GuestRequest,
  type GuestTask,
  type QuoteChallenge,
} from '@verba/contracts';
import { AppError, invalid, notFound, type FieldMessages } from '../../lib/app-error.ts';
import { newToken } from '../../lib/tokens.ts';
import { outcome, type Actor, type Anonymous, type Deps, type Outcome } from '../../lib/service.ts';
import type { Db } from '../../db/client.ts';
import { createCustomer } from '../customers/service.ts';
import { createUser, findUserByEmail } from '../users/service.ts';
import {
  createGuestTask,
  deleteUnpaidGuestTasks,
  findTaskById,
  guestTaskView,
  guestTranslation,
  guestTranslationsZip,
  moveGuestTaskToCustomer,
  type ReceivedForm,
} from '../tasks/service.ts';
import { checkSolution, newChallenge } from './bot-check.ts';
import { notifyQuoteRequested } from './notifications.ts';
import * as repo from './repository.ts';

/** Human translation: the public form has no translation type; staff may change it. */
const GUEST_TRANSLATION_TYPE = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function challenge(deps: Pick<Deps, 'config' | 'db'>): Promise<QuoteChallenge> {
  return newChallenge(deps);
}

const expiresAt = (deps: Pick<Deps, 'config'>) => (createdAt: Date) =>
  new Date(createdAt.getTime() + deps.config.guestQuotes.ttlDays * DAY_MS);

/** The form's fields with the shared schema, plus what only the server can check. */
async function checkRequest(deps: Deps, form: ReceivedForm) {
  const errors: FieldMessages = {};
  const parsed = quoteRequestSchema.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const { key, values } = issueMessage(issue);
      (errors[issueField(issue)] ??= []).push(values ? { key, values } : key);
    }
  if (form.files.length === 0) (errors.files ??= []).push('validation.required');
  if (!parsed.success) throw invalid(errors);
  const input = parsed.data;
  if (!(await repo.findCountry(deps.db, input.country))) errors.country = ['validation.invalid_option'];
  const langs = await repo.languagesByIds(deps.db, [input.source_language, ...input.target_languages]);
  if (!langs.find((l) => l.id === input.source_language && l.is_source && l.is_active))
    errors.source_language = ['validation.invalid_option'];
  const targets = new Set(input.target_languages);
  if (
    targets.size !== input.target_languages.length ||
    [...targets].some((id) => !langs.some((l) => l.id === id && l.is_active))
  )
    errors.target_languages = ['validation.invalid_option'];
  else if (targets.has(input.source_language)) errors.target_languages = ['tasks.target_is_source'];
  if (Object.keys(errors).length) throw invalid(errors);
  return input;
}

/**
 * POST /register: checks the form, then the bot check (a solved, unexpired challenge, accepted
 * once), then the per-email limit; creates the TEMPORAL task (analysed in the background) with
 * its quote request, mails the guest its link and tells staff. Any refusal discards the upload.
 */
export async function register(
  deps: Deps,
  guest: Anonymous,
  form: ReceivedForm,
): Promise<Outcome<{ id: string }>> {
  let committed = false;
  try {
    const input = await checkRequest(deps, form);
    const solved = await checkSolution(deps, input.recaptcha_token);
    if (!solved.ok) throw invalid({ recaptcha_token: ['guest.bot_check_failed'] });
    if (!(await repo.useSolution(deps.db, solved.signature, solved.expiresAt)))
      throw invalid({ recaptcha_token: ['guest.bot_check_used'] });
    const since = new Date(Date.now() - DAY_MS);
    const overLimit = async (db: Db) =>
      (await repo.requestsByEmailSince(db, input.email, since)) >= deps.config.guestQuotes.maxPerEmailPerDay;
    if (await overLimit(deps.db)) throw new AppError(429, 'guest.too_many_requests');

    const token = newToken(24);
    const lang = resolveLocale(input.lang ?? guest.locale, guest.locale);
    const person = `${input.first_name} ${input.last_name}`;
    const description = (input.company_name ? `${input.company_name} (${person})` : person).slice(0, 255);
    const task = await createGuestTask(
      deps,
      {
        token,
        description: guest.t('guest.task_description', { who: description }).slice(0, 255),
        comments: input.comments,
        review: input.review_originals,
        sourceLanguageId: input.source_language,
        targetLanguageIds: input.target_languages,
        translationTypeId: GUEST_TRANSLATION_TYPE,
        files: form.files,
      },
      async (tx, row) => {
        // counted again under a lock: requests for one e-mail sent at once to several servers
        await repo.lockRequestsOf(tx, input.email);
        if (await overLimit(tx)) throw new AppError(429, 'guest.too_many_requests');
        await repo.insertQuoteRequest(tx, {
          company_name: input.company_name,
          country_id: input.country,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone_number: input.phone_number,
          source_language_id: input.source_language,
          target_languages: input.target_languages,
          comments: input.comments,
          privacy_policy: input.privacy_policy,
          review_originals: input.review_originals,
          lang,
          task_id: row.id,
          link_token: token,
          ip: guest.ip.slice(0, 64),
        });
      },
    );
    committed = true;
    await notifyQuoteRequested(deps, task, { ...input, lang }, token);
    return outcome(
      { id: token },
      {
        action: 'guest_quotes.register',
        key: 'guest_quotes.registered',
        params: { code: task.code, email: input.email, files: form.files.length },
      },
    );
  } catch (err) {
    if (!committed) await form.discard();
    throw err;
  }
}

/** GET /task/temporal/{token}: 404 for an unknown token, 410 once the unpaid quote expired. */
export async function showGuestTask(deps: Deps, guest: Anonymous, token: string): Promise<GuestTask> {
  const [view, request] = await Promise.all([
    guestTaskView(deps, token, guest.locale, expiresAt(deps)),
    repo.findRequestByToken(deps.db, token),
  ]);
  if (view) return view;
  if (request?.expired_at) throw new AppError(410, 'guest.quote_expired');
  throw notFound();
}

/**
 * The guest downloads its translations once the task is DONE: one file (by its id on the page) or
 * all as one zip. An unknown token, a file of another task, or a task not DONE yet: 404.
 */
export async function downloadGuestTranslation(deps: Deps, _guest: Anonymous, token: string, fileId: number) {
  return guestTranslation(deps, token, fileId);
}

export async function downloadGuestTranslations(deps: Deps, _guest: Anonymous, token: string) {
  return guestTranslationsZip(deps, token);
}

/** Housekeeping: unpaid guest tasks older than GUEST_TASK_TTL_DAYS go, with their files. */
export async function expireGuestTasks(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.guestQuotes.ttlDays * DAY_MS);
  const removed = await deleteUnpaidGuestTasks(deps, before);
  await repo.markExpired(deps.db, now);
  await repo.forgetExpiredSolutions(deps.db, now);
  if (removed.length) deps.log.info({ removed: removed.length }, 'expired unpaid guest quotes removed');
  return removed.length;
}

/** The request behind a guest task (staff, task detail and the convert form). */
export async function guestRequest(deps: Deps, _actor: Actor, taskId: number): Promise<GuestRequest> {
  const task = await findTaskById(deps, taskId);
  const request = task ? await repo.findRequestByTask(deps.db, taskId) : undefined;
  if (!task || !request) throw notFound();
  return {
    company_name: request.company_name,
    first_name: request.first_name,
    last_name: request.last_name,
    email: request.email,
    phone_number: request.phone_number,
    country_id: request.country_id,
    lang: request.lang,
  };
}

/**
 * Staff turn a guest request into a customer with its client admin (who gets the set-password
 * mail); the task moves to that customer with its history.
 */
export async function convertToCustomer(deps: Deps, actor: Actor, taskId: number, input: ConvertGuestInput) {
  const task = await findTaskById(deps, taskId);
  const request = task ? await repo.findRequestByTask(deps.db, taskId) : undefined;
  if (!task || !request) throw notFound();
  if (task.customer_id !== null) throw new AppError(422, 'guest.already_customer');
  if (await findUserByEmail(deps.db, input.email)) throw invalid({ email: ['validation.email_taken'] });
  const customer = await createCustomer(
    deps,
    actor,
    customerBody.parse({ name: input.customer_name, country_id: request.country_id ?? 0 }),
  );
  const user = await createUser(
    deps,
    actor,
    userBody.parse({
      name: input.name,
      lastname: input.lastname,
      email: input.email,
      phone: request.phone_number,
      type: 'CLIENT_ADMIN',
      language: request.lang ?? 'en',
      customer_id: customer.data.id,
      from_customer: true,
    }),
  );
  const moved = await deps.db.transaction((tx) =>
    moveGuestTaskToCustomer(deps, actor, task, customer.data.id, user.data.id, tx),
  );
  if (!moved) throw new AppError(409, 'guest.task_moved');
  return outcome(
    {
      task_id: taskId,
      customer_id: customer.data.id,
      user_id: user.data.id,
      message: actor.t('guest.converted', { customer: input.customer_name }),
    },
    {
      action: 'guest_quotes.convert',
      key: 'guest_quotes.converted',
      params: { code: task.code, name: input.customer_name, email: input.email },
      customerId: customer.data.id,
    },
  );
}
