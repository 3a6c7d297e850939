import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { endOfMadridDayOf } from '@verba/contracts/pricing';
import { tasks } from '../schema/index.ts';
import { readDemoFile } from './demo-files.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const SANDBOX_CARD = '4548812049400004';

type Json = { data?: unknown; [key: string]: unknown };

/**
 * Demo tasks in every state, made the way a person would make them: through the API (so every
 * row, history entry, action-log row and payment is what the app itself writes), with the real
 * analysis of the sample documents and the sandbox bank for card payments.
 */
export async function seedDemoTasks(
  app: FastifyInstance,
  ids: { acme: number; globex: number; password: string },
): Promise<void> {
  const call = async (
    method: InjectOptions['method'],
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string>; expect?: number } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    const wanted = options.expect ?? 200;
    if (res.statusCode !== wanted)
      throw new Error(`demo: ${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return res;
  };
  const data = async <T>(...args: Parameters<typeof call>): Promise<T> =>
    ((await call(...args)).json() as Json).data as T;
  const signIn = async (email: string) =>
    (
      await data<{ access_token: string }>('POST', '/api/auth/login', {
        body: { email, password: ids.password },
      })
    ).access_token;
  const [admin, pm, acmeAdmin, acmeUser, globexAdmin] = (await Promise.all(
    ['admin@verba.test', 'pm@verba.test', 'admin@acme.test', 'user@acme.test', 'admin@globex.test'].map(
      signIn,
    ),
  )) as [string, string, string, string, string];
  const langs = await data<Array<{ id: number; iso_code: string }>>('GET', '/api/languages', {
    token: admin,
  });
  const lang = (iso: string) => langs.find((l) => l.iso_code === iso)!.id;
  const departments = await data<
    { data?: Array<{ id: number; title: string }> } | Array<{ id: number; title: string }>
  >('GET', '/api/departments', { token: acmeAdmin });
  const marketing = (Array.isArray(departments) ? departments : (departments.data ?? [])).find(
    (d) => d.title === 'Marketing',
  )!.id;
  const legal = (
    await data<{ id: number }>('POST', '/api/departments/store', {
      token: globexAdmin,
      body: { title: 'Legal' },
      expect: 201,
    })
  ).id;

  await app.jobs.start();
  const createTask = async (
    token: string,
    task: { description: string; department: number; targets: string[]; file: string },
  ): Promise<number> => {
    const form = new FormData();
    form.append('description', task.description);
    form.append('department', String(task.department));
    form.append('source_language', String(lang('en')));
    for (const t of task.targets) form.append('target_languages[]', String(lang(t)));
    form.append('translation_type', '1');
    form.append('file[]', new Blob([readDemoFile(task.file)]), task.file);
    const body = new Response(form);
    const created = await data<{ id: number }>('POST', '/api/tasks/store-as-draft', {
      token,
      body: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') ?? '' },
      expect: 201,
    });
    await app.jobs.idle();
    return created.id;
  };
  const payByCard = async (token: string, taskId: number) => {
    const started = await data<{ form: { fields: Record<string, string> } | null }>(
      'POST',
      '/api/tasks/paymentGateway',
      {
        token,
        body: { taskId },
      },
    );
    if (!started.form) return;
    await call('POST', '/api/sandbox-bank/pay', {
      body: new URLSearchParams({ ...started.form.fields, card: SANDBOX_CARD, lang: 'en' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      expect: 303,
    });
  };
  const staffMove = (token: string, taskId: number, route: string) =>
    call('POST', `/api/tasks/${taskId}/${route}`, { token, body: {} });

  // DRAFT with its quote: Acme's user guide, quoted against Acme's memory (100 %, 101 %, fuzzy)
  await createTask(acmeUser, {
    description: 'Cloud Backup user guide',
    department: marketing,
    targets: ['es', 'ca'],
    file: 'product-guide.html',
  });
  // CANCELLED by the client
  const cancelled = await createTask(acmeUser, {
    description: 'Release notes 4.2 (French)',
    department: marketing,
    targets: ['fr'],
    file: 'release-notes.txt',
  });
  await call('POST', `/api/tasks/${cancelled}/updateStateAsCancelled`, { token: acmeUser, body: {} });
  // APPROVED, paid by card at the sandbox bank
  const approved = await createTask(acmeAdmin, {
    description: 'Release notes 4.2 (German and Italian)',
    department: marketing,
    targets: ['de', 'it'],
    file: 'release-notes.txt',
  });
  await payByCard(acmeAdmin, approved);
  // DONE: paid by card, in course, translation delivered, done
  const done = await createTask(acmeAdmin, {
    description: 'Release notes 4.2 (Spanish)',
    department: marketing,
    targets: ['es'],
    file: 'release-notes.txt',
  });
  await payByCard(acmeAdmin, done);
  await staffMove(pm, done, 'updateStateAsIncourse');
  const source = (
    await data<{ source_files: Array<{ id: number }> }>('GET', `/api/task/${done}`, { token: pm })
  ).source_files[0]!;
  const delivery = new FormData();
  delivery.append('source_file_id', String(source.id));
  delivery.append('language_id', String(lang('es')));
  delivery.append('file', new Blob([readDemoFile('release-notes.es.txt')]), 'release-notes.es.txt');
  const deliveryBody = new Response(delivery);
  await call('POST', `/api/tasks/${done}/uploadTranslatedFile`, {
    token: pm,
    body: Buffer.from(await deliveryBody.arrayBuffer()),
    headers: { 'content-type': deliveryBody.headers.get('content-type') ?? '' },
    expect: 201,
  });
  await staffMove(pm, done, 'updateStateAsDone');
  // Globex works on deferred terms: one task sent to production and waiting, one in course
  const deferred = await createTask(globexAdmin, {
    description: 'Services agreement summary',
    department: legal,
    targets: ['es'],
    file: 'contract-summary.txt',
  });
  await call('POST', `/api/tasks/${deferred}/update/deferred`, { token: globexAdmin, body: {} });
  const inCourse = await createTask(globexAdmin, {
    description: 'Cloud Backup user guide (German)',
    department: legal,
    targets: ['de'],
    file: 'product-guide.html',
  });
  await call('POST', `/api/tasks/${inCourse}/update/deferred`, { token: globexAdmin, body: {} });
  await staffMove(admin, inCourse, 'updateStateAsIncourse');
  // A welcome bonus: Globex's balance. (Acme has none, so its next payment goes wholly to the card.)
  await call('POST', '/api/bonuses', {
    token: admin,
    body: { customer_id: ids.globex, amount: '50.00', description: 'Welcome bonus' },
    expect: 201,
  });
  // (Made last: the other demo tasks keep their numbers.)
  // OVERDUE: Acme's user ordered it, it was paid and put in course two weeks ago, and its due date passed three days
  // ago with nothing delivered (the lists' overdue filter and due-date column have something to show). Made through
  // the API like the others; only its dates are moved back, as no call can approve a task in the past.
  const overdue = await createTask(acmeUser, {
    description: 'Press release: Cloud Backup 5 launch',
    department: marketing,
    targets: ['es'],
    file: 'release-notes.txt',
  });
  await payByCard(acmeAdmin, overdue);
  await staffMove(pm, overdue, 'updateStateAsIncourse');
  await app.db
    .update(tasks)
    .set({
      approved_at: new Date(Date.now() - 14 * DAY_MS),
      due_date: endOfMadridDayOf(new Date(Date.now() - 3 * DAY_MS)),
    })
    .where(eq(tasks.id, overdue));
}
