/**
 * Typed arrays on shared memory, for an index that lookup threads read where it lies (ADR 0027):
 * posting one to another thread shares it instead of copying it.
 */
export const sharedInt32 = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(length * 4));
export const sharedUint32 = (length: number): Uint32Array =>
  new Uint32Array(new SharedArrayBuffer(length * 4));
export const sharedUint8 = (length: number): Uint8Array => new Uint8Array(new SharedArrayBuffer(length));
export const sharedInt8 = (length: number): Int8Array => new Int8Array(new SharedArrayBuffer(length));

/**
 * A shared array of `length` values (at least one) holding `array`'s first `keep` ones (all that
 * fit, by default).
 */
export function sharedCopy<T extends Int32Array | Uint32Array | Uint8Array | Int8Array>(
  array: T,
  length: number,
  keep: number = Math.min(array.length, length),
): T {
  const Kind = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Kind(new SharedArrayBuffer(Math.max(length, 1) * array.BYTES_PER_ELEMENT));
  copy.set(array.subarray(0, keep) as never);
  return copy;
}
