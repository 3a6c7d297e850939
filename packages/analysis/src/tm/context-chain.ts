import { contextHash } from '../normalize.ts';

const NO_SEGMENT = contextHash('');

/**
 * Gives units read in file order the hashes of their neighbours (for in-context matches),
 * holding back only the last unit until the next one, or the end, is known.
 */
export class ContextChain<T extends { source: string; prevHash?: string; nextHash?: string }> {
  private prevHash = NO_SEGMENT;
  private pending: T | undefined;

  *add(unit: T): Generator<T> {
    const hash = contextHash(unit.source);
    unit.prevHash = this.prevHash;
    unit.nextHash = NO_SEGMENT;
    if (this.pending) {
      this.pending.nextHash = hash;
      yield this.pending;
    }
    this.prevHash = hash;
    this.pending = unit;
  }

  *end(): Generator<T> {
    if (this.pending) yield this.pending;
    this.pending = undefined;
  }
}
