import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { departments, languages, tasks } from '../db/schema/index.ts';
import type { Storage } from './storage.ts';

let t: TestApp;
let token: string;
let fields: Record<string, string | string[]>;
let realSave: Storage['save'];

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, DEMO.acmeUser);
  const lang = Object.fromEntries(
    (await t.database.db.select().from(languages)).map((l) => [l.iso_code, String(l.id)]),
  );
  const [marketing] = await t.database.db
    .select()
    .from(departments)
    .where(eq(departments.title, 'Marketing'));
  fields = {
    description: 'Disk trouble',
    department: String(marketing!.id),
    source_language: lang.en!,
    'target_languages[]': [lang.es!],
    translation_type: '1',
    review: 'false',
    custom_quote: 'false',
  };
  realSave = t.app.storage.save;
});
afterAll(() => t.close());

/** The file store takes the first file, then fails with `code` (as the disk would). */
function failSecondSave(code: string) {
  let saves = 0;
  t.app.storage.save = async (prefix, source, max) => {
    if (++saves === 1) return realSave(prefix, source, max);
    source.resume();
    throw Object.assign(new Error(`simulated ${code}`), { code });
  };
}

const storedFiles = () =>
  fs.existsSync(t.config.filesDir)
    ? fs.readdirSync(t.config.filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length
    : 0;

describe('a file store that cannot take an upload', () => {
  for (const [code, status, message] of [
    ['ENOSPC', 507, 'El almacén de archivos está lleno: no se ha guardado nada.'],
    ['EROFS', 503, 'El almacén de archivos no está disponible en este momento: no se ha guardado nada.'],
    ['EACCES', 503, 'El almacén de archivos no está disponible en este momento: no se ha guardado nada.'],
  ] as const) {
    it(`${code}: a translated ${status}, no task, and none of the files kept`, async () => {
      failSecondSave(code);
      const before = (await t.database.db.select({ n: count() }).from(tasks))[0]!.n;
      const body = await multipart(fields, [
        { name: 'one.txt', content: 'First file.' },
        { name: 'two.txt', content: 'Second file.' },
      ]);
      const res = await call(t.app, 'POST', '/api/tasks/store-as-draft', {
        token,
        body: body.payload,
        headers: { ...body.headers, 'accept-language': 'es' },
      });
      t.app.storage.save = realSave;
      expect(res.status).toBe(status);
      expect(res.json.message).toContain(message);
      expect((await t.database.db.select({ n: count() }).from(tasks))[0]!.n).toBe(before);
      expect(storedFiles()).toBe(0);
    });
  }
});
