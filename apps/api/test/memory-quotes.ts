import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { customers, departments, languages } from '../src/db/schema/index.ts';
import { call, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { tokensByRole, type RoleName } from './roles.ts';

/** What a test of quotes against a memory needs of the demo data. */
export interface MemoryFixture {
  tokens: Record<RoleName, string>;
  /** Language ids by ISO code. */
  lang: Record<string, number>;
  /** Acme, and its Marketing department (where Acme's user orders). */
  acme: number;
  marketing: number;
}

export async function memoryFixture(t: TestApp): Promise<MemoryFixture> {
  const db = t.database.db;
  return {
    tokens: await tokensByRole(t.app),
    lang: Object.fromEntries((await db.select().from(languages)).map((l) => [l.iso_code, l.id])),
    acme: (await db.select().from(customers).where(eq(customers.name, 'Acme')))[0]!.id,
    marketing: (await db.select().from(departments).where(eq(departments.title, 'Marketing')))[0]!.id,
  };
}

/** A TMX 1.4 file of English sources and their `target` translations ("ES …"). */
export const tmxOf = (sources: string[], target = 'es') =>
  `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>${sources
    .map(
      (s) =>
        `<tu><tuv xml:lang="en"><seg>${s}</seg></tuv><tuv xml:lang="${target}"><seg>${target.toUpperCase()} ${s}</seg></tuv></tu>`,
    )
    .join('\n')}</body></tmx>`;

/** Imports `sources` into a customer's en→`target` memory through `app`, as the provider's admin. */
export async function importUnits(
  app: FastifyInstance,
  f: MemoryFixture,
  sources: string[],
  { target = 'es', customer = f.acme }: { target?: string; customer?: number } = {},
): Promise<void> {
  const form = await multipart(
    { source_language: String(f.lang.en), target_language: String(f.lang[target]) },
    [{ field: 'file', name: 'units.tmx', content: tmxOf(sources, target) }],
  );
  const res = await call(app, 'POST', `/api/customers/${customer}/memories`, {
    token: f.tokens.admin,
    body: form.payload,
    headers: form.headers,
  });
  expect(res.status).toBe(201);
}

/**
 * Acme's user orders a text of `content` into Spanish through `app`, whose jobs analyse it: the
 * words in 100/101 % and in no match of its quote.
 */
export async function quoteWords(
  app: FastifyInstance,
  f: MemoryFixture,
  content: string,
): Promise<{ exact: number; none: number }> {
  const body = await multipart(
    {
      description: 'Memory quote',
      department: String(f.marketing),
      source_language: String(f.lang.en),
      'target_languages[]': [String(f.lang.es)],
      translation_type: '1',
    },
    [{ name: 'docs.txt', content }],
  );
  const res = await call(app, 'POST', '/api/tasks/store-as-draft', {
    token: f.tokens.acmeUser,
    body: body.payload,
    headers: body.headers,
  });
  expect(res.status).toBe(201);
  await app.jobs.idle();
  const task = (await call(app, 'GET', `/api/task/${res.json.data.id}`, { token: f.tokens.admin })).json.data;
  const counts = task.source_files[0].word_count[0] as Record<string, number>;
  return { exact: counts.percent101! + counts.percent100!, none: counts.no_match! };
}
