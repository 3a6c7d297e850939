/** What a lookup found: the value and, if it has one, when it stops being true (a session's end). */
export interface Loaded<T> {
  value: T;
  expiresAt?: Date;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  storedAt: number;
}

export interface HeardChangesCacheOptions {
  /** Longest an entry is trusted without a database read, whatever else happens. */
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Values a process has read from the database, kept only while it hears of every change that could
 * alter them (ADR 0005, ADR 0022): `clear` on each such change, `suspend` when changes may go
 * unheard (the listening connection dropped), `resume` once they are heard again. Until the first
 * `resume` it keeps nothing, so a process that never listens always reads the database.
 * `heardChanges` (plugins) wires one to a channel of the database.
 */
export class HeardChangesCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  /** Reads under way, by key: callers who miss together share one read. */
  readonly #reading = new Map<string, { generation: number; read: Promise<Loaded<T> | null> }>();
  readonly #options: Required<HeardChangesCacheOptions>;
  #generation = 0;
  #listening = false;
  /** Lookups answered from memory and from the database, since the process started. */
  readonly counts = { hits: 0, reads: 0 };

  constructor(options: HeardChangesCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  suspend(): void {
    this.#listening = false;
    this.clear();
  }

  resume(): void {
    this.clear(); // whatever happened while nobody listened is unknown
    this.#listening = true;
  }

  /** The value under `key`, or what `load` reads (null: nothing found, and nothing kept). */
  async get(key: string, load: () => Promise<Loaded<T> | null>): Promise<T | null> {
    const now = this.#options.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now && now - hit.storedAt < this.#options.maxAgeMs) {
      this.counts.hits++;
      return hit.value;
    }
    if (hit) this.#entries.delete(key);
    // A change heard while the database was being read may have come after the read: then what
    // was read is neither kept nor handed to callers who came after the change.
    const generation = this.#generation;
    const underWay = this.#reading.get(key);
    if (underWay && underWay.generation === generation) {
      this.counts.hits++;
      return (await underWay.read)?.value ?? null;
    }
    this.counts.reads++;
    const read = load();
    this.#reading.set(key, { generation, read });
    let loaded: Loaded<T> | null;
    try {
      loaded = await read;
    } finally {
      if (this.#reading.get(key)?.read === read) this.#reading.delete(key);
    }
    if (loaded && this.#listening && generation === this.#generation) {
      if (this.#entries.size >= this.#options.maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, {
        value: loaded.value,
        expiresAt: loaded.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
        storedAt: now,
      });
    }
    return loaded?.value ?? null;
  }
}
