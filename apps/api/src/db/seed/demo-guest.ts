import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countries, generalMinimumRates, languages, quoteRequests } from '../schema/index.ts';
import { createGuestTask } from '../../modules/tasks/service.ts';
import { readDemoFile } from './demo-files.ts';

/** The demo guest's link: /guest-task/demo-guest-quote-link-0001 (demo data only, never in production). */
export const DEMO_GUEST_TOKEN = 'demo-guest-quote-link-0001';
const DEMO_GUEST_FILE = 'release-notes.txt';

/**
 * Demo rows of the public quote form: the general minimum charges, and one guest quote
 * request (en→fr, from the United Kingdom) made by the app's own guest-task service with a sample
 * document and its real analysis, priced with the general rate and minimum, as staff see it under
 * the TEMPORAL filter. Only the link token is fixed (the README cites it), not a random one.
 */
export async function seedDemoGuestQuote(app: FastifyInstance): Promise<void> {
  const db = app.db;
  await db
    .insert(generalMinimumRates)
    .values([
      { translation_type_id: 1, hour: '1.00', amount: '30.00' },
      { translation_type_id: 2, hour: '1.00', amount: '40.00' },
      { translation_type_id: 3, hour: '0.50', amount: '20.00' },
      { translation_type_id: 4, hour: '0', amount: '15.00' },
    ])
    .onConflictDoNothing();
  const iso = async (code: string) =>
    (await db.select({ id: languages.id }).from(languages).where(eq(languages.iso_code, code)))[0]?.id;
  const [en, fr] = [await iso('en'), await iso('fr')];
  const [gb] = await db.select().from(countries).where(eq(countries.code, 'GB'));
  if (!en || !fr || !gb) return;
  const content = readDemoFile(DEMO_GUEST_FILE);
  const stored = await app.storage.save('source', Readable.from([content]), content.length + 1);
  const comments = 'Release notes for our customers in France.';
  await createGuestTask(
    app,
    {
      token: DEMO_GUEST_TOKEN,
      description: 'Quote request: Initech Ltd (Gina Guest)',
      comments,
      review: false,
      sourceLanguageId: en,
      targetLanguageIds: [fr],
      translationTypeId: 1,
      files: [{ name: DEMO_GUEST_FILE, ...stored }],
    },
    async (tx, task) => {
      await tx.insert(quoteRequests).values({
        company_name: 'Initech Ltd',
        country_id: gb.id,
        first_name: 'Gina',
        last_name: 'Guest',
        email: 'gina@initech.test',
        phone_number: '+44 20 7946 0000',
        source_language_id: en,
        target_languages: [fr],
        comments,
        privacy_policy: true,
        review_originals: false,
        lang: 'en',
        task_id: task.id,
        link_token: DEMO_GUEST_TOKEN,
      });
    },
  );
  // Analysed and priced by the same job as any upload: TEMPORAL with its price once it is done.
  await app.jobs.start();
  await app.jobs.idle();
}
