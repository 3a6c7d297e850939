import { sharedCopy, sharedInt32, sharedUint8 } from './shared-arrays.ts';

/** The texts of a store, as a lookup thread receives them (shared, not copied). */
export interface SharedTexts {
  bytes: Uint8Array;
  /** Text `id` is `bytes[starts[id] .. starts[id + 1]]`. */
  starts: Int32Array;
  size: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Texts numbered from 0, in UTF-8 end to end in one shared array: another thread reads them where
 * they lie, and a million of them are two arrays instead of a million strings. (A memory's units
 * come from the database, whose UTF-8 holds no lone surrogate: they read back as they were.)
 */
export class TextStore {
  private bytes: Uint8Array;
  private starts: Int32Array;
  private count: number;

  constructor(shared?: SharedTexts) {
    this.bytes = shared?.bytes ?? sharedUint8(1 << 16);
    this.starts = shared?.starts ?? sharedInt32(1024);
    this.count = shared?.size ?? 0;
  }

  get size(): number {
    return this.count;
  }

  add(text: string): number {
    const id = this.count;
    if (id + 2 > this.starts.length) this.starts = sharedCopy(this.starts, this.starts.length * 2);
    const at = this.starts[id] as number;
    // A UTF-16 code unit takes at most three bytes.
    if (at + text.length * 3 > this.bytes.length)
      this.bytes = sharedCopy(this.bytes, Math.max(this.bytes.length * 2, at + text.length * 3), at);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(at));
    this.starts[id + 1] = at + written;
    this.count++;
    return id;
  }

  get(id: number): string {
    return decoder.decode(this.bytes.subarray(this.starts[id] as number, this.starts[id + 1] as number));
  }

  /** Gives back the room grown for texts to come, past an eighth of those held (after a read). */
  compact(): void {
    const used = this.starts[this.count] as number;
    if (this.bytes.length > used + (used >> 3) + 4096)
      this.bytes = sharedCopy(this.bytes, used + (used >> 4) + 4096, used);
  }

  shared(): SharedTexts {
    return { bytes: this.bytes, starts: this.starts, size: this.count };
  }

  /** The texts and no room to spare, to be written to disk; `new TextStore(parts)` takes them back. */
  parts(): SharedTexts {
    const size = this.count;
    const starts = this.starts.subarray(0, size + 1);
    return { bytes: this.bytes.subarray(0, starts[size] as number), starts, size };
  }
}
