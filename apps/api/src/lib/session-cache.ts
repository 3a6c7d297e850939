/** What a lookup found: the value and when the session ends. */
export interface LoadedSession<T> {
  value: T;
  expiresAt: Date;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** Longest an entry is trusted without a database read, whatever else happens. */
  maxAgeMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * The sessions a process has looked up, kept only while it hears of every change that could end
 * one (ADR 0005): `clear` on each such change, `suspend` when changes may go unheard (the listening
 * connection dropped), `resume` once they are heard again. Until the first `resume` it keeps
 * nothing, so a process that never listens always reads the database.
 */
export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #options: Required<SessionCacheOptions>;
  #generation = 0;
  #listening = false;

  constructor(options: SessionCacheOptions) {
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

  async get(key: string, load: () => Promise<LoadedSession<T> | null>): Promise<T | null> {
    const now = this.#options.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now && now - hit.storedAt < this.#options.maxAgeMs) return hit.value;
    if (hit) this.#entries.delete(key);
    // A change heard while the database was being read may have come after the read: then the
    // row read is not kept.
    const generation = this.#generation;
    const loaded = await load();
    if (loaded && this.#listening && generation === this.#generation) {
      if (this.#entries.size >= this.#options.maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, { value: loaded.value, expiresAt: loaded.expiresAt.getTime(), storedAt: now });
    }
    return loaded?.value ?? null;
  }
}
