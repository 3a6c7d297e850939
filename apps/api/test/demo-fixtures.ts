import type { FastifyInstance } from 'fastify';
import { call, DEMO, login } from './harness.ts';
import { multipart } from './multipart.ts';
import { tokensByRole, type RoleName } from './roles.ts';

/** The four signed-in roles of the matrix and the fuzz test, plus a caller with no session. */
export type MatrixRole = 'admin' | 'pm' | 'acmeAdmin' | 'acmeUser' | 'anon';
export const MATRIX_ROLES: MatrixRole[] = ['anon', 'acmeUser', 'acmeAdmin', 'pm', 'admin'];

/** Rows of one tenant, all created or read through the API. */
export interface TenantIds {
  customer: number;
  department: number;
  task: number;
  sourceFile: number;
  /** A user of this customer that is not one of the demo sign-ins (safe to edit or delete). */
  user: number;
}

export interface Fixtures {
  tokens: Record<RoleName, string>;
  /** The user id behind each signed-in role. */
  self: Record<Exclude<MatrixRole, 'anon'>, number>;
  acme: TenantIds;
  globex: TenantIds;
  /** Spare rows that the allowed roles may delete or edit without harming the rest. */
  spare: {
    acmeUsers: number[];
    acmeDepartment: number;
    customers: number[];
    otherConcept: number;
    rate: number;
  };
  languages: { en: number; es: number; fr: number };
  country: number;
}

function expectStatus(what: string, res: { status: number; json: unknown }, status: number) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
}

export async function taskForm(department: number, languages: Fixtures['languages']) {
  return multipart(
    {
      description: 'Matrix task',
      department: String(department),
      source_language: String(languages.en),
      'target_languages[]': [String(languages.es)],
      translation_type: '1',
      review: 'false',
      custom_quote: 'false',
    },
    [{ name: 'intro.txt', content: 'The cat sat on the mat.' }],
  );
}

/** Demo rows plus a task per tenant, built through HTTP only (no module internals). */
export async function buildFixtures(app: FastifyInstance): Promise<Fixtures> {
  const tokens = await tokensByRole(app);
  const as = (role: RoleName) => ({ token: tokens[role] });
  const self = {} as Fixtures['self'];
  for (const role of ['admin', 'pm', 'acmeAdmin', 'acmeUser'] as const) {
    self[role] = (await call(app, 'GET', '/api/auth/me', as(role))).json.data.id;
  }
  const customers = (await call(app, 'GET', '/api/customers', { ...as('admin'), query: { per_page: '100' } }))
    .json.data.data as Array<{ id: number; name: string }>;
  const customerId = (name: string) => customers.find((c) => c.name === name)!.id;
  const langs = (await call(app, 'GET', '/api/languages', as('admin'))).json.data as Array<{
    id: number;
    iso_code: string;
  }>;
  const langId = (code: string) => langs.find((l) => l.iso_code === code)!.id;
  const languages = { en: langId('en'), es: langId('es'), fr: langId('fr') };
  const countries = (await call(app, 'GET', '/api/countries', as('admin'))).json.data as Array<{
    id: number;
  }>;
  const country = countries[0]!.id;

  const acmeDepartments = (await call(app, 'GET', '/api/departments', as('acmeAdmin'))).json.data;
  const marketing = (acmeDepartments.data ?? acmeDepartments).find(
    (d: { title: string }) => d.title === 'Marketing',
  ).id as number;
  const globexDept = await call(app, 'POST', '/api/departments/store', {
    ...as('globexAdmin'),
    body: { title: 'Sales' },
  });
  expectStatus('globex department', globexDept, 201);
  const spareDept = await call(app, 'POST', '/api/departments/store', {
    ...as('acmeAdmin'),
    body: { title: 'Spare' },
  });
  expectStatus('spare department', spareDept, 201);

  const newUser = async (role: RoleName, email: string, type: string, departments: number[]) => {
    const res = await call(app, 'POST', '/api/users/store', {
      ...as(role),
      body: { name: 'Spare', lastname: 'User', email, type, departments, bonus: '' },
    });
    expectStatus(`user ${email}`, res, 201);
    return res.json.data.id as number;
  };
  const acmeUsers = [
    await newUser('acmeAdmin', 'spare1@acme.test', 'CLIENT_USER', [marketing]),
    await newUser('acmeAdmin', 'spare2@acme.test', 'CLIENT_USER', [marketing]),
    await newUser('acmeAdmin', 'spare3@acme.test', 'CLIENT_USER', [marketing]),
  ];
  const globexUser = await newUser('globexAdmin', 'spare@globex.test', 'CLIENT_USER', []);

  const newTask = async (role: RoleName, department: number) => {
    const form = await taskForm(department, languages);
    const res = await call(app, 'POST', '/api/tasks/store-as-draft', {
      ...as(role),
      body: form.payload,
      headers: form.headers,
    });
    expectStatus(`task of ${role}`, res, 201);
    return res.json.data.id as number;
  };
  const acmeTask = await newTask('acmeUser', marketing);
  const globexTask = await newTask('globexAdmin', globexDept.json.data.id);
  await app.jobs.idle();
  const sourceFile = async (role: RoleName, task: number) =>
    (await call(app, 'GET', `/api/task/${task}`, as(role))).json.data.source_files[0].id as number;

  const spareCustomers: number[] = [];
  for (const name of ['Spare One', 'Spare Two', 'Spare Three']) {
    const res = await call(app, 'POST', '/api/customers/store', {
      ...as('admin'),
      body: { name, country_id: country },
    });
    expectStatus(`customer ${name}`, res, 201);
    spareCustomers.push(res.json.data.id);
  }
  const concept = await call(app, 'POST', '/api/other-concepts', {
    ...as('admin'),
    body: { task_id: acmeTask, concept: 'Rush', quantity: '1', price: '10' },
  });
  expectStatus('other concept', concept, 201);
  const rate = await call(app, 'POST', '/api/rate/store', {
    ...as('admin'),
    body: { source_lang: languages.en, target_lang: languages.fr, r1: '0.1', r2: '30', default_group: true },
  });
  expectStatus('rate', rate, 201);

  return {
    tokens,
    self,
    acme: {
      customer: customerId('Acme'),
      department: marketing,
      task: acmeTask,
      sourceFile: await sourceFile('acmeUser', acmeTask),
      user: acmeUsers[0]!,
    },
    globex: {
      customer: customerId('Globex'),
      department: globexDept.json.data.id,
      task: globexTask,
      sourceFile: await sourceFile('globexAdmin', globexTask),
      user: globexUser,
    },
    spare: {
      acmeUsers,
      acmeDepartment: spareDept.json.data.id,
      customers: spareCustomers,
      otherConcept: concept.json.data.id,
      rate: rate.json.data.id,
    },
    languages,
    country,
  };
}

/** Signs every demo role in again (after a call that ends sessions). */
export async function refreshTokens(app: FastifyInstance, fixtures: Fixtures): Promise<void> {
  for (const role of Object.keys(fixtures.tokens) as RoleName[]) {
    fixtures.tokens[role] = await login(app, DEMO[role]);
  }
}
