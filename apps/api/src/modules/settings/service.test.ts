import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemActor } from '../../lib/service.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as languages from '../languages/service.ts';
import * as system from '../system/service.ts';
import * as settings from './service.ts';

/** The services of the small modules, called without HTTP (as a job or the CLI would). */
let t: TestApp;
const admin: CurrentUser = {
  id: 1,
  type: 'VERBA_ADMIN',
  email: 'admin@verba.test',
  name: 'Ada',
  lastname: 'Admin',
  language: 'en',
  customer_id: null,
  session_id: 0,
};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('settings service', () => {
  it('sets the next task id and returns the log entry the call should write', async () => {
    // The test database has no tasks yet (the demo's tasks need the app).
    expect(await settings.nextTaskId(t.app)).toEqual({ id: 1 });
    const result = await settings.setNextTaskId(t.app, systemActor(admin), { id: 40 });
    expect(result).toEqual({
      data: { id: 40 },
      log: { action: 'settings.next_task_id', key: 'settings.next_task_id', params: { id: 40 } },
    });
    expect(await settings.nextTaskId(t.app)).toEqual({ id: 40 });
  });

  it('refuses an id not above the highest used, naming it', async () => {
    await expect(settings.setNextTaskId(t.app, systemActor(admin), { id: 0 })).rejects.toBeInstanceOf(
      AppError,
    );
  });
});

describe('languages service', () => {
  it('names languages in the locale asked for and logs a change of source', async () => {
    const [eu] = await languages.listLanguages(t.app, 'es', 'eu');
    expect(eu).toMatchObject({ iso_code: 'eu', name: 'Euskera' });
    const result = await languages.setLanguageSource(t.app, systemActor(admin, 'ca'), eu!.id, {
      is_source: true,
    });
    expect(result.data).toMatchObject({ name: 'Basc', is_source: true });
    expect(result.log).toEqual({
      action: 'languages.set_source',
      key: 'languages.source_on',
      params: { code: 'eu' },
    });
    const sources = await languages.listLanguagesFor(t.app, 'en', 'sources');
    expect(sources.map((l) => l.iso_code)).toContain('eu');
  });

  it('stores a type percent with two decimals and answers 404 for an unknown type', async () => {
    const texts = {
      name_en: 'Flash',
      name_es: 'Flash',
      name_ca: 'Flash',
      description_en: 'Fast',
      description_es: 'Rápida',
      description_ca: 'Ràpida',
      description_2_en: null,
      description_2_es: null,
      description_2_ca: null,
    };
    const result = await languages.updateTranslationType(t.app, systemActor(admin), 4, {
      percent: 45.5,
      ...texts,
    });
    expect(result.data).toMatchObject({ percent: '45.50', description: 'Fast', description_2: '' });
    await expect(
      languages.updateTranslationType(t.app, systemActor(admin), 99, { percent: 1, ...texts }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('system service', () => {
  it('stores a rendering error with who reported it', async () => {
    const result = await system.storeUiError(
      t.app,
      { userId: null, userAgent: 'test' },
      { error: { message: 'boom' } },
    );
    expect(result).toEqual({
      data: { stored: true },
      log: { action: 'ui.error', key: 'ui.render_error', params: { message: 'boom' } },
    });
  });
});
