import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull, sql } from 'drizzle-orm';
import { call, createTestApp, DEMO, login, type TestApp } from '../../../test/harness.ts';
import { actionLogs } from '../../db/schema/index.ts';

/**
 * Every row the code writes to the action log says what happened with a message key,
 * rendered in the reader's language. These checks read the source, so a new writer that forgets
 * its key, or a key missing from a catalogue, fails here rather than on a reader's screen.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const LOCALES = ['en', 'es', 'ca'] as const;

type Tree = { [key: string]: string | Tree };
const catalogue = (locale: string) =>
  (JSON.parse(readFileSync(path.join(SRC, 'i18n', locale, 'logs.json'), 'utf8')) as { log: Tree }).log;
/** A message, or one with i18next plural forms (`name_one` and `name_other`, chosen by `count`). */
const has = (tree: Tree, dotted: string) => {
  const [group, name] = [dotted.slice(0, dotted.indexOf('.')), dotted.slice(dotted.indexOf('.') + 1)];
  const node = tree[group];
  if (typeof node !== 'object') return false;
  const filled = (key: string) => typeof node[key] === 'string' && node[key].trim() !== '';
  return filled(name) || (filled(`${name}_one`) && filled(`${name}_other`));
};

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!entry.name.endsWith('.ts') || entry.name.includes('.test.')) return [];
    return [{ file: path.relative(SRC, full), text: readFileSync(full, 'utf8') }];
  });
}
const files = sources(SRC);

/** Every action code the code names: in route configs, log entries and the failed sign-in row. */
function actionCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const code = `'([a-z][a-z_-]*\\.[a-z_]+)'`;
  const patterns = [
    new RegExp(`action: (?:[\\w.]+ \\? )?${code}(?: : ${code})?`, 'g'),
    new RegExp(`_ACTION = ${code}`, 'g'),
  ];
  for (const { file, text } of files)
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) for (const c of [m[1], m[2]]) if (c) found.set(c, file);
  return found;
}

/** Every description key the code names in a log entry (`key: '…'` or `cond ? '…' : '…'`). */
function descriptionKeys(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of files) {
    const logFile = /outcome\(|ActionLogEntry|actionLog|refused\(|LogKey|description_key/.test(text);
    if (!logFile) continue;
    for (const m of text.matchAll(/key: (?:[\w.]+ \? )?'([a-z_]+\.[a-z_]+)'(?: : '([a-z_]+\.[a-z_]+)')?/g)) {
      // a field error (`{ key, values }`) is an API message, not a log entry
      if (/^,\s*values/.test(text.slice(m.index + m[0].length))) continue;
      for (const key of [m[1], m[2]]) if (key) found.set(key, file);
    }
    // the bank answer's refusals name their key as the first argument of `refused(`
    for (const m of text.matchAll(
      /refused\(\s*(?:[\w.]+ \? )?'([a-z_]+\.[a-z_]+)'(?: : '([a-z_]+\.[a-z_]+)')?/g,
    ))
      for (const key of [m[1], m[2]]) if (key) found.set(key, file);
    for (const m of text.matchAll(/description_key: '([a-z_]+\.[a-z_]+)'/g)) found.set(m[1]!, file);
  }
  return found;
}

describe('every action log row has a key in en, es and ca', () => {
  const catalogues = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l)])) as Record<string, Tree>;

  it('names every action code the code writes', () => {
    const codes = actionCodes();
    // the scan sees the writers (a sanity floor: it broke silently once the regex drifted)
    expect(codes.size).toBeGreaterThan(75);
    for (const required of [
      'payments.authorised',
      'payments.repeated',
      'minimum_rates.update',
      'auth.login_failed',
    ])
      expect(codes.has(required), required).toBe(true);
    const missing = [...codes].flatMap(([code, file]) =>
      LOCALES.filter((l) => !has(catalogues[l]!.actions as Tree, code)).map((l) => `${l}: ${code} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it('has a description for every key a log entry names', () => {
    const keys = descriptionKeys();
    expect(keys.size).toBeGreaterThan(80);
    for (const required of ['payments.authorised', 'payments.repeated', 'minimum_rates.updated_on'])
      expect(keys.has(required), required).toBe(true);
    const missing = [...keys].flatMap(([key, file]) =>
      LOCALES.filter((l) => !has(catalogues[l]!.descriptions as Tree, key)).map(
        (l) => `${l}: ${key} (${file})`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has both plural forms wherever one language has them, and every nested count message', () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const descriptions = catalogues[locale]!.descriptions as Record<string, Tree>;
      for (const [group, messages] of Object.entries(descriptions))
        for (const [name, text] of Object.entries(messages)) {
          const plural = /^(.+)_(one|many|other)$/.exec(name);
          if (plural && !has(descriptions as Tree, `${group}.${plural[1]}`))
            problems.push(`${locale}: ${group}.${name} without its other form`);
          for (const m of String(text).matchAll(/\$t\(log\.([a-z_]+\.[a-z_]+)/g))
            if (!has(catalogues[locale]!, m[1]!)) problems.push(`${locale}: ${group}.${name} nests ${m[1]}`);
        }
      // the three catalogues name the same messages, with the same plural forms
      for (const other of LOCALES)
        for (const [group, messages] of Object.entries(descriptions))
          for (const name of Object.keys(messages))
            if (typeof (catalogues[other]!.descriptions as Record<string, Tree>)[group]?.[name] !== 'string')
              problems.push(`${other}: no ${group}.${name} (${locale} has it)`);
    }
    expect(problems).toEqual([]);
  });

  it('writes no free English text: no log entry carries a `description` of its own', () => {
    const offenders = files
      .filter(({ text }) => /outcome\(|ActionLogEntry|PaymentRefused\(/.test(text))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/\{\s*action: '[^']+',\s*description:/g)].map(() => file),
      );
    expect(offenders).toEqual([]);
  });

  it('every mutating route hands the plugin a keyed entry (through `logged` or `request.actionLog`)', () => {
    const keyless: string[] = [];
    for (const { file, text } of files) {
      if (!file.startsWith('modules')) continue;
      // each `app.<method>(` block runs to the next one
      const blocks = text.split(/\n\s*(?=app\.(?:get|post|put|patch|delete|route)\()/);
      for (const block of blocks.slice(1)) {
        const m = /^app\.(post|put|patch|delete)\(\s*'([^']+)'/.exec(block);
        if (!m) continue;
        if (!/logged\(\s*request|request\.actionLog = \{\s*(?:action: '[^']+',\s*)?key:/.test(block))
          keyless.push(`${m[1]!.toUpperCase()} ${m[2]} (${file})`);
      }
    }
    expect(keyless).toEqual([]);
  });
});

describe('the writers the issue named, read back in es and ca', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, DEMO.admin);
  });
  afterAll(() => t.close());

  const rows = async (lang: string, action: string) =>
    (await call(t.app, 'GET', '/api/action-logs', { token: admin, query: { action, lang } })).json.data
      .data as Array<{ action_label: string; description: string }>;

  it('a change of minimum rates is stored with its key and shown in the reader’s language', async () => {
    const acme = (await call(t.app, 'GET', '/api/customers', { token: admin, query: { name: 'Acme' } })).json
      .data.data[0] as { id: number };
    const current = (
      await call(t.app, 'GET', '/api/minimum-rates', {
        token: admin,
        query: { customer_id: String(acme.id) },
      })
    ).json.data as { minimum_rates: Array<{ translation_type_id: number; hour: string; amount: string }> };
    const res = await call(t.app, 'PUT', `/api/customers/${acme.id}/minimum-rates`, {
      token: admin,
      body: {
        customer_minimum_rates: true,
        minimum_rates: current.minimum_rates.map(({ translation_type_id, hour, amount }) => ({
          translation_type_id,
          hour,
          amount,
        })),
      },
    });
    expect(res.status).toBe(200);
    const [es] = await rows('es', 'minimum_rates.update');
    expect(es).toMatchObject({ action_label: 'Tarifas mínimas actualizadas' });
    expect(es!.description).toMatch(/^Tarifas mínimas de Acme.* aplicadas: /);
    // amounts in the reader's notation; the stored English text keeps them plain
    expect(es!.description).toMatch(/\d,\d\d EUR/);
    expect(es!.description).not.toMatch(/\d\.\d\d EUR/);
    const [ca] = await rows('ca', 'minimum_rates.update');
    expect(ca!.description).toMatch(/^Tarifes mínimes del client Acme.* aplicades: /);
  });

  it('no row written since the start has lost its key (demo data and the calls above)', async () => {
    // the plugin writes after the reply: a moment for the last row
    await t.database.db.execute(sql`select 1`);
    const keyless = await t.database.db
      .select({ action: actionLogs.action, description: actionLogs.description })
      .from(actionLogs)
      .where(isNull(actionLogs.description_key));
    expect(keyless).toEqual([]);
  });
});
