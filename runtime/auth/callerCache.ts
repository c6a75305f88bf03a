/**
 * @module
 * The tokens this process has checked, with what their lookup found, so that a request with a
 * token checked before costs no statement (the lookup was a round trip on every request: most of
 * what a cheap list cost above a hand-written handler, npm run bench section tunnels).
 *
 * An entry holds while the database's change count is the one it was filled at (runtime/db/
 * changeCount.ts): any write through this process ends it, and so does a change to a token, user,
 * group or permission made by another process, announced on AUTH_CHANGES_CHANNEL by the triggers
 * of migration 0022. What can change without a write is checked on every use: expiry, the client's
 * address, and whether `last_used` is due for its refresh. Failed lookups are never kept.
 */

/** The channel migration 0022's triggers notify when a token, user, group or permission changes. */
export const AUTH_CHANGES_CHANNEL = 'auth_changed';

/** Entries kept at most; past it the cache starts again (each entry costs one lookup to refill). */
const MAX_ENTRIES = 10_000;

/**
 * The longest an entry is trusted without a lookup, in milliseconds: should the listening
 * connection miss a notification without reconnecting, a change still takes effect after this.
 */
const MAX_AGE_MS = 60_000;

export interface CachedToken<T> {
  /** What the lookup found. */
  value: T;
  /** The database's change count when the lookup began. */
  changes: number;
  /** When the lookup began (ms since the epoch). */
  filledAt: number;
}

export class CallerCache<T> {
  private readonly entries = new Map<string, CachedToken<T>>();

  /** The entry for `key` while it holds at change count `changes`, or undefined. */
  get(key: string, changes: number, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.changes === changes && now - entry.filledAt < MAX_AGE_MS) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps what a lookup begun at change count `changes` and time `filledAt` found. */
  set(key: string, value: T, changes: number, filledAt: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, changes, filledAt });
  }

  get size(): number {
    return this.entries.size;
  }
}
