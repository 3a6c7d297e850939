import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FindCandidatesOptions, TmCandidate, TmQuery, TranslationMemory } from '@verba/analysis';
import { contextHash } from '@verba/analysis';
import type { Db } from '../../../db/client.ts';
import { tmUnits } from '../../../db/schema/index.ts';

/** The target languages (of `targets`) for which the customer's memory holds units from `sourceLang`. */
export async function targetsWithMemory(
  db: Db,
  customerId: number,
  sourceLang: string,
  targets: string[],
): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ target: tmUnits.target_lang })
    .from(tmUnits)
    .where(
      and(
        eq(tmUnits.customer_id, customerId),
        eq(tmUnits.source_lang, sourceLang),
        inArray(tmUnits.target_lang, targets),
      ),
    );
  return new Set(rows.map((r) => r.target));
}

/**
 * A customer's translation memory for one language pair, in PostgreSQL. Exact matches come from
 * the hash index; fuzzy candidates from the trigram index (pg_trgm), so the memory is never
 * scanned whole. Scoring and bands stay in the analysis package.
 */
export class PostgresTranslationMemory implements TranslationMemory {
  constructor(
    private db: Db,
    private customerId: number,
    private sourceLang: string,
    private targetLang: string,
  ) {}

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    const pair = and(
      eq(tmUnits.customer_id, this.customerId),
      eq(tmUnits.source_lang, this.sourceLang),
      eq(tmUnits.target_lang, this.targetLang),
    );
    const hash = contextHash(segment.text);
    const exact = await this.db
      .select({
        source: tmUnits.source_text,
        target: tmUnits.target_text,
        prevHash: tmUnits.prev_hash,
        nextHash: tmUnits.next_hash,
      })
      .from(tmUnits)
      .where(and(pair, eq(tmUnits.source_hash, hash)))
      .limit(options.limit);
    if (exact.length) return exact.map(withoutNulls);
    // A trigram similarity far below the lowest band cannot score into it: narrow with a floor.
    const floor = Math.max(0.1, options.minScore / 100 - 0.3);
    const fuzzy = await this.db
      .select({
        source: tmUnits.source_text,
        target: tmUnits.target_text,
        prevHash: tmUnits.prev_hash,
        nextHash: tmUnits.next_hash,
      })
      .from(tmUnits)
      .where(
        and(
          pair,
          sql`similarity(${tmUnits.source_text}, ${segment.text}) >= ${floor}`,
          sql`${tmUnits.source_text} % ${segment.text}`,
        ),
      )
      .orderBy(sql`similarity(${tmUnits.source_text}, ${segment.text}) desc`)
      .limit(options.limit);
    return fuzzy.map(withoutNulls);
  }
}

const withoutNulls = (row: {
  source: string;
  target: string;
  prevHash: string | null;
  nextHash: string | null;
}): TmCandidate => ({
  source: row.source,
  target: row.target,
  ...(row.prevHash ? { prevHash: row.prevHash } : {}),
  ...(row.nextHash ? { nextHash: row.nextHash } : {}),
});
