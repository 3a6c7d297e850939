/** What a lookup found: the value and, if it has one, when it stops being true (a session's end). */
export interface Loaded<T> {
  value: T;
  expiresAt?: Date;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  storedAt: number;
  group: string | undefined;
}

/** Groups forgotten one by one that are remembered before everything is forgotten instead. */
const MAX_FORGOTTEN_GROUPS = 10_000;

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
 * An entry may belong to a group (a task, for its detail): `forget(group)` then drops that group's
 * entries only, when a change names what it touched. `heardChanges` (plugins) wires one to a channel
 * of the database.
 */
export class HeardChangesCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  /** Reads under way, by key: callers who miss together share one read. */
  readonly #reading = new Map<string, { startedAt: number; read: Promise<Loaded<T> | null> }>();
  readonly #options: Required<HeardChangesCacheOptions>;
  /** Keys kept per group. */
  readonly #groups = new Map<string, Set<string>>();
  /** Changes heard so far (clears and forgets): a read is stale if its group changed after it began. */
  #changes = 0;
  #clearedAt = 0;
  readonly #forgottenAt = new Map<string, number>();
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
    this.#clearedAt = ++this.#changes;
    this.#entries.clear();
    this.#groups.clear();
    this.#forgottenAt.clear();
  }

  /** Forgets the entries of `group` only (and reads of it under way). */
  forget(group: string): void {
    if (this.#forgottenAt.size >= MAX_FORGOTTEN_GROUPS) return this.clear();
    this.#forgottenAt.set(group, ++this.#changes);
    for (const key of this.#groups.get(group) ?? []) this.#entries.delete(key);
    this.#groups.delete(group);
  }

  #changedSince(startedAt: number, group: string | undefined): boolean {
    return (
      this.#clearedAt > startedAt || (group !== undefined && (this.#forgottenAt.get(group) ?? 0) > startedAt)
    );
  }

  #delete(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    if (entry.group === undefined) return;
    const keys = this.#groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.#groups.delete(entry.group);
  }

  suspend(): void {
    this.#listening = false;
    this.clear();
  }

  resume(): void {
    this.clear(); // whatever happened while nobody listened is unknown
    this.#listening = true;
  }

  /**
   * The value under `key`, or what `load` reads (null: nothing found, and nothing kept); `group`
   * names what the value depends on, for `forget`. A key always belongs to the same group.
   */
  async get(key: string, load: () => Promise<Loaded<T> | null>, group?: string): Promise<T | null> {
    const now = this.#options.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now && now - hit.storedAt < this.#options.maxAgeMs) {
      this.counts.hits++;
      return hit.value;
    }
    if (hit) this.#delete(key, hit);
    // A change heard while the database was being read may have come after the read: then what
    // was read is neither kept nor handed to callers who came after the change.
    const startedAt = this.#changes;
    const underWay = this.#reading.get(key);
    if (underWay && !this.#changedSince(underWay.startedAt, group)) {
      this.counts.hits++;
      return (await underWay.read)?.value ?? null;
    }
    this.counts.reads++;
    const read = load();
    this.#reading.set(key, { startedAt, read });
    let loaded: Loaded<T> | null;
    try {
      loaded = await read;
    } finally {
      if (this.#reading.get(key)?.read === read) this.#reading.delete(key);
    }
    if (loaded && this.#listening && !this.#changedSince(startedAt, group)) {
      if (this.#entries.size >= this.#options.maxEntries) {
        const [oldest] = this.#entries;
        if (oldest) this.#delete(...oldest);
      }
      this.#entries.set(key, {
        value: loaded.value,
        expiresAt: loaded.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
        storedAt: now,
        group,
      });
      if (group !== undefined) {
        const keys = this.#groups.get(group) ?? new Set<string>();
        if (!keys.size) this.#groups.set(group, keys);
        keys.add(key);
      }
    }
    return loaded?.value ?? null;
  }
}
