import { Readable } from 'node:stream';
import { toCsv } from '@verba/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Storage } from '../../plugins/storage.ts';
import { customers, glossaries, glossaryTerms, languages, users } from '../schema/index.ts';

/** Acme's product terms, English → Spanish, as a client would upload them (type 1, with a note). */
const DEMO_TERMS: Array<[string, string, string]> = [
  ['Acme Portal', 'Acme Portal', 'Product name: never translated'],
  ['sign in', 'iniciar sesión', ''],
  ['dashboard', 'panel de control', ''],
  ['invoice', 'factura', ''],
  ['purchase order', 'orden de compra', 'Not "pedido"'],
  ['due date', 'fecha de vencimiento', ''],
];

/** One glossary for Acme, uploaded by its client admin, with its file in the store (demo data only). */
export async function seedDemoGlossaries(db: Db, storage: Storage): Promise<void> {
  const [acme] = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Acme'));
  const [uploader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'));
  const langs = await db
    .select({ id: languages.id, iso: languages.iso_code })
    .from(languages)
    .where(inArray(languages.iso_code, ['en', 'es']));
  const en = langs.find((l) => l.iso === 'en')?.id;
  const es = langs.find((l) => l.iso === 'es')?.id;
  if (!acme || !en || !es) return;
  const csv = toCsv([['source', 'target', 'note'], ...DEMO_TERMS]);
  const stored = await storage.save('glossaries', Readable.from([Buffer.from(csv)]), 1024 * 1024);
  try {
    await db.transaction(async (tx) => {
      const [glossary] = await tx
        .insert(glossaries)
        .values({
          customer_id: acme.id,
          type: '1',
          source_language_id: en,
          target_language_id: es,
          languages: [en, es],
          file_name: 'acme-product-terms.csv',
          file_path: stored.key,
          file_size: stored.size,
          term_count: DEMO_TERMS.length,
          uploaded_by: uploader?.id ?? null,
        })
        .returning({ id: glossaries.id });
      await tx.insert(glossaryTerms).values(
        DEMO_TERMS.map(([source, target, note], index) => ({
          glossary_id: glossary!.id,
          row: index + 2,
          terms: [source, target],
          note: note || null,
        })),
      );
    });
  } catch (err) {
    await storage.remove(stored.key);
    throw err;
  }
}
