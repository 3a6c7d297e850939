import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, apiToken } from './support.ts';

/** Calls to /api with a demo account's Bearer token. */
export async function apiAs(request: APIRequestContext, email: string) {
  const { access_token } = await apiToken(request, email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const get = async <T>(path: string): Promise<T> => {
    const response = await request.get(`/api${path}`, { headers });
    expect(response.ok(), `GET ${path}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  return { headers, get };
}

type Language = { id: number; iso_code: string };

/**
 * A general rate en→each target, enabled for each named customer. A rate another journey (or an
 * earlier run on a reused server) created for the pair is enabled as it is.
 */
export async function enableGeneralRates(
  request: APIRequestContext,
  customerNames: string[],
  targetIsos: string[],
): Promise<void> {
  const { headers, get } = await apiAs(request, DEMO.verbaAdmin);
  const sources = await get<Language[]>('/languages/sources');
  const targets = await get<Language[]>('/languages/available');
  const customers = await get<{ data: { id: number; name: string }[] }>('/customers?per_page=100');
  const general = await get<{ data: { id: number; source_language: Language; target_language: Language }[] }>(
    '/rates?per_page=100',
  );
  const en = sources.find((language) => language.iso_code === 'en')!.id;
  for (const iso of targetIsos) {
    const target = targets.find((language) => language.iso_code === iso);
    expect(target, `target language ${iso}`).toBeDefined();
    let rateId = general.data.find(
      (rate) => rate.source_language.iso_code === 'en' && rate.target_language.iso_code === iso,
    )?.id;
    if (rateId === undefined) {
      const created = await request.post('/api/rate/store', {
        headers,
        data: { source_lang: en, target_lang: target!.id, r1: '0.1000', r2: '30.00', default_group: true },
      });
      expect(created.status(), `general rate en→${iso}`).toBe(201);
      rateId = ((await created.json()) as { data: { id: number } }).data.id;
    }
    for (const name of customerNames) {
      const customer = customers.data.find((item) => item.name === name);
      expect(customer, `customer ${name}`).toBeDefined();
      const enabled = await request.post(`/api/customers/${customer!.id}/rate/${rateId}`, { headers });
      expect(enabled.ok(), `enable en→${iso} for ${name}`).toBe(true);
    }
  }
}

export interface DraftFile {
  name: string;
  content: string;
}

/**
 * A client orders a task through the API (its first department, or a new one for a client admin
 * whose customer has none) and waits for the analysis: a priced DRAFT. Returns the task's id.
 */
export async function createDraftTask(
  request: APIRequestContext,
  email: string,
  task: { name: string; targetIsos: string[]; files: DraftFile[] },
): Promise<number> {
  const { headers, get } = await apiAs(request, email);
  let departments = (await get<{ departments: { id: number }[] }>('/users/departments')).departments;
  if (departments.length === 0) {
    const created = await request.post('/api/departments/store', { headers, data: { title: 'Operations' } });
    expect(created.status(), 'department for the order').toBe(201);
    departments = [((await created.json()) as { data: { id: number } }).data];
  }
  const sources = await get<Language[]>('/languages/sources');
  const targets = await get<Language[]>('/languages/available');
  const form = new FormData();
  form.append('description', task.name);
  form.append('department', String(departments[0]!.id));
  form.append('source_language', String(sources.find((language) => language.iso_code === 'en')!.id));
  for (const iso of task.targetIsos)
    form.append('target_languages[]', String(targets.find((language) => language.iso_code === iso)!.id));
  form.append('translation_type', '1');
  form.append('review', 'false');
  form.append('custom_quote', 'false');
  for (const file of task.files) form.append('file[]', new Blob([file.content]), file.name);
  const response = await request.post('/api/tasks/store-as-draft', { headers, multipart: form });
  expect(response.status(), `order of ${task.name}`).toBe(201);
  const id = ((await response.json()) as { data: { id: number } }).data.id;
  await expect
    .poll(async () => (await get<{ state: string }>(`/task/${id}`)).state, { timeout: 60_000 })
    .toBe('DRAFT');
  return id;
}
