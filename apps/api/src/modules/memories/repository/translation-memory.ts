import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  FindCandidatesOptions,
  SourcePage,
  TmCandidate,
  TmQuery,
  TranslationMemory,
} from '@verba/analysis';
import { contextHash } from '@verba/analysis';
import type { Db } from '../../../db/client.ts';
import { tmUnits } from '../../../db/schema/index.ts';

// The memories module's SQL for the analysis (other modules reach it through service.ts).

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

/** Sources per page read for the analysis's index: a few MB a message. */
const SOURCE_PAGE = 20_000;

/**
 * A customer's translation memory for one language pair, in the database. The analysis reads the
 * pair's units once (`sourcesAfter`, by id through the pair's btree) into its own index, which
 * answers its lookups (ADR 0027); `findCandidates` looks up exact matches through the hash index.
 */
export class PostgresTranslationMemory implements TranslationMemory {
  readonly pair: string;

  constructor(
    private db: Db,
    private customerId: number,
    private sourceLang: string,
    private targetLang: string,
  ) {
    this.pair = `${customerId}:${sourceLang}:${targetLang}`;
  }

  /**
   * The pair's unit count and highest id: units added raise the id, units removed lower the count,
   * so a worker's index of the pair is read again whenever either changes (ADR 0027).
   */
  async version(): Promise<string> {
    const [row] = await this.db
      .select({
        units: sql<string>`count(*)::text`,
        last: sql<string>`coalesce(max(${tmUnits.id}), 0)::text`,
      })
      .from(tmUnits)
      .where(this.ofPair());
    return `${row?.units ?? 0}:${row?.last ?? 0}`;
  }

  private ofPair() {
    return and(
      eq(tmUnits.customer_id, this.customerId),
      eq(tmUnits.source_lang, this.sourceLang),
      eq(tmUnits.target_lang, this.targetLang),
    );
  }

  async findCandidates(segment: TmQuery, options: FindCandidatesOptions): Promise<TmCandidate[]> {
    const exact = await this.db
      .select({
        source: tmUnits.source_text,
        target: tmUnits.target_text,
        prevHash: tmUnits.prev_hash,
        nextHash: tmUnits.next_hash,
      })
      .from(tmUnits)
      .where(and(this.ofPair(), eq(tmUnits.source_hash, contextHash(segment.text))))
      // Identical units: enough of them that the one in the segment's context (101 %) is among them.
      .limit(Math.max(options.limit, 16));
    return exact.map(withoutNulls);
  }

  async sourcesAfter(cursor: number): Promise<SourcePage> {
    const rows = await this.db
      .select({
        id: tmUnits.id,
        source: tmUnits.source_text,
        prev: tmUnits.prev_hash,
        next: tmUnits.next_hash,
      })
      .from(tmUnits)
      .where(and(this.ofPair(), gt(tmUnits.id, cursor)))
      .orderBy(asc(tmUnits.id))
      .limit(SOURCE_PAGE);
    const last = rows[rows.length - 1];
    return {
      sources: rows.map((r) => r.source),
      prevHashes: rows.map((r) => r.prev),
      nextHashes: rows.map((r) => r.next),
      next: rows.length === SOURCE_PAGE && last ? last.id : null,
    };
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
