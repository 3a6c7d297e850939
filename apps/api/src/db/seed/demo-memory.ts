import fs from 'node:fs';
import { readTmx } from '@verba/analysis';
import type { Db } from '../client.ts';
import { feedMemory } from '../../modules/memories/service.ts';
import { demoFilePath } from './demo-files.ts';

/**
 * Acme's en>es translation memory, imported from `demo-files/acme-en-es.tmx` by the same code as
 * a staff TMX import. Made from the demo documents: a run of the user guide's sentences in order
 * (in-context, 101 %), some of its sentences alone (100 %) and some edited (fuzzy bands), so that
 * quoting `product-guide.html` into Spanish shows every kind of match.
 */
export async function seedDemoMemory(db: Db, ids: { acme: number; admin: number }): Promise<number> {
  return feedMemory(
    db,
    {
      customerId: ids.acme,
      source: 'en',
      target: 'es',
      origin: 'TMX',
      fileName: 'acme-en-es.tmx',
      userId: ids.admin,
    },
    readTmx(fs.createReadStream(demoFilePath('acme-en-es.tmx')), {
      sourceLanguage: 'en',
      targetLanguage: 'es',
    }),
  );
}
