import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { ensureInitialAdmin } from './db/seed/initial-admin.ts';
import { users, languages, countries, translationTypes, settings } from './db/schema/index.ts';
import { eq } from 'drizzle-orm';

describe('configuration', () => {
  it('defaults to the embedded database in ./data with demo data, on port 3000', () => {
    const config = loadConfig({ INIT_CWD: repoRoot });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.demoData).toBe(true);
    expect(config.port).toBe(3000);
  });

  it('reads SECRETS_KEY_PREVIOUS as a list of 32-byte keys, each checked, naming the variable', () => {
    const [a, b] = ['11'.repeat(32), Buffer.alloc(32, 2).toString('base64')];
    const production = loadConfig({
      NODE_ENV: 'production',
      SECRETS_KEY: '33'.repeat(32),
      SECRETS_KEY_PREVIOUS: `${a}, ${b}`,
    });
    expect(production.secretsKey).toEqual(Buffer.alloc(32, 0x33));
    expect(production.previousSecretsKeys).toEqual([Buffer.alloc(32, 0x11), Buffer.alloc(32, 2)]);
    expect(loadConfig({ NODE_ENV: 'production' }).previousSecretsKeys).toEqual([]);
    // Outside production the published development key is one of them (secrets made without a key).
    expect(loadConfig({ SECRETS_KEY: '33'.repeat(32) }).previousSecretsKeys).toHaveLength(1);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: `${a},abcd` })).toThrow(
      /^SECRETS_KEY_PREVIOUS must be 32 bytes/,
    );
  });

  it('never loads demo data in production, nor by default on PostgreSQL', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_DATA: 'on' }).demoData).toBe(true);
  });

  it('listens only on this machine while the demo accounts (published passwords) are on, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_DATA: 'off' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' }).host).toBe('0.0.0.0');
  });

  it('has idle analysis workers read recent memories at a start, except in tests or when told not to', () => {
    expect(loadConfig({ INIT_CWD: repoRoot }).analysis.prepareAtStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).analysis.prepareAtStart).toBe(false);
    expect(loadConfig({ ANALYSIS_PREPARE_AT_START: 'off' }).analysis.prepareAtStart).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ANALYSIS_PREPARE_AT_START: '1' }).analysis.prepareAtStart).toBe(
      true,
    );
  });

  it('shares a quote’s lookups in a large memory over one thread a core (up to four), unless told otherwise', () => {
    const cores = Math.min(4, os.availableParallelism());
    expect(loadConfig({}).analysis).toMatchObject({ lookupThreads: cores, lookupThreadsFromUnits: 50_000 });
    expect(
      loadConfig({ ANALYSIS_LOOKUP_THREADS: '1', ANALYSIS_LOOKUP_THREADS_FROM_UNITS: '0' }).analysis,
    ).toMatchObject({ lookupThreads: 1, lookupThreadsFromUnits: 0 });
    expect(() => loadConfig({ ANALYSIS_LOOKUP_THREADS: '0' })).toThrow(/ANALYSIS_LOOKUP_THREADS/);
    expect(() => loadConfig({ ANALYSIS_LOOKUP_THREADS_FROM_UNITS: 'many' })).toThrow(
      /ANALYSIS_LOOKUP_THREADS_FROM_UNITS/,
    );
  });

  it('keeps a quarter of the memory’s worth of memory pairs indexed, shared by the workers, a million units at least', () => {
    const { workers, keptUnits } = loadConfig({ ANALYSIS_WORKERS: '2' }).analysis;
    const memory = Math.min(os.totalmem(), process.constrainedMemory?.() || Infinity);
    expect(workers).toBe(2);
    expect(keptUnits).toBe(Math.max(1_000_000, Math.floor(memory / 4 / 2 / 288)));
    expect(loadConfig({ ANALYSIS_WORKERS: '64' }).analysis.keptUnits).toBeGreaterThanOrEqual(1_000_000);
    expect(loadConfig({ ANALYSIS_KEPT_UNITS: '250000' }).analysis.keptUnits).toBe(250_000);
    expect(() => loadConfig({ ANALYSIS_KEPT_UNITS: '-1' })).toThrow(/ANALYSIS_KEPT_UNITS/);
  });

  it('reads the brand from BRAND_NAME, BRAND_ADDRESS and BRAND_TAX_ID, with defaults', () => {
    expect(loadConfig({}).brand.name).toBe('Verba');
    const brand = loadConfig({ BRAND_NAME: 'Lingo', BRAND_ADDRESS: 'Main St 1', BRAND_TAX_ID: 'X1' }).brand;
    expect(brand).toEqual({ name: 'Lingo', address: 'Main St 1', taxId: 'X1' });
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow();
  });
});

describe('reference data and the first admin', () => {
  it('seeds languages, countries with tax rules, translation types and the next task id, idempotently', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedReferenceData(database.db);
      await seedReferenceData(database.db);
      const langs = await database.db.select().from(languages);
      expect(langs.length).toBeGreaterThanOrEqual(60);
      const codes = new Set(langs.map((l) => l.iso_code));
      const eu = [
        'bg',
        'hr',
        'cs',
        'da',
        'nl',
        'en',
        'et',
        'fi',
        'fr',
        'de',
        'el',
        'hu',
        'ga',
        'it',
        'lv',
        'lt',
        'mt',
        'pl',
        'pt',
        'ro',
        'sk',
        'sl',
        'es',
        'sv',
      ];
      for (const code of [...eu, 'ca', 'eu', 'gl', 'zh', 'ja', 'ko', 'th', 'ar', 'ru', 'tr'])
        expect(codes).toContain(code);
      const basque = langs.find((l) => l.iso_code === 'eu');
      expect(basque).toMatchObject({ name_en: 'Basque', name_es: 'Euskera', name_ca: 'Basc' });
      const epe = (await database.db.select().from(countries).where(eq(countries.code, 'EPE')))[0];
      expect(epe).toMatchObject({ tax_name: 'IVA', tax_percentage: '21.00' });
      for (const code of ['EIC', 'AND', 'US', 'GB']) {
        const [row] = await database.db.select().from(countries).where(eq(countries.code, code));
        expect(row).toMatchObject({ tax_name: null, tax_percentage: '0.00' });
      }
      const types = await database.db.select().from(translationTypes).orderBy(translationTypes.id);
      expect(types.map((tt) => [tt.id, tt.percent, tt.name_en])).toEqual([
        [1, '100.00', 'Human'],
        [2, '130.00', 'Premium'],
        [3, '70.00', 'Value'],
        [4, '40.00', 'Flash'],
      ]);
      expect(await database.db.select().from(settings)).toEqual([{ key: 'next_task_id', value: '1' }]);

      expect(
        await ensureInitialAdmin(database.db, {
          email: 'Boss@Provider.test',
          password: 'a-long-enough-password',
        }),
      ).toBe('created');
      expect(
        await ensureInitialAdmin(database.db, {
          email: 'other@provider.test',
          password: 'a-long-enough-password',
        }),
      ).toBe('exists');
      const admins = await database.db.select().from(users);
      expect(admins.map((u) => [u.email, u.type])).toEqual([['boss@provider.test', 'VERBA_ADMIN']]);
      await expect(ensureInitialAdmin(database.db, { email: 'x@y.test', password: 'short' })).resolves.toBe(
        'exists',
      );
    } finally {
      await database.close();
    }
  });
});
