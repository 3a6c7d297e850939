import type { SourcePage, TranslationMemory } from '../src/tm/types.ts';

/** A pair's units in a list, paged like the database pages them, with the database's version. */
export class PairInList implements TranslationMemory {
  readonly units: { id: number; source: string; prev?: string; next?: string }[] = [];
  pagesRead = 0;
  /** The cursor of every page read, in order. */
  readonly cursors: number[] = [];
  private lastId = 0;

  /** Paged two units at a time unless told, so that tests cross pages. */
  constructor(
    readonly pair: string,
    private readonly pageSize = 2,
  ) {}

  add(...sources: string[]): void {
    for (const source of sources) this.units.push({ id: ++this.lastId, source });
  }

  /** A unit between the units whose context hashes are `prev` and `next` (101 % when they match). */
  addInContext(source: string, prev: string, next: string): void {
    this.units.push({ id: ++this.lastId, source, prev, next });
  }

  remove(source: string): void {
    this.units.splice(
      this.units.findIndex((u) => u.source === source),
      1,
    );
  }

  async version(): Promise<string> {
    return `${this.units.length}:${this.units.at(-1)?.id ?? 0}`;
  }

  async sourcesAfter(cursor: number): Promise<SourcePage> {
    this.pagesRead++;
    this.cursors.push(cursor);
    const page = this.units.filter((u) => u.id > cursor).slice(0, this.pageSize);
    return {
      sources: page.map((u) => u.source),
      prevHashes: page.map((u) => u.prev ?? null),
      nextHashes: page.map((u) => u.next ?? null),
      next: page.length === this.pageSize ? page.at(-1)!.id : null,
    };
  }

  async findCandidates(): Promise<never> {
    throw new Error('an indexed memory is never asked');
  }
}
