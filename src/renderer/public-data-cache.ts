// Data every visitor of a locale sees alike (the home page's rails of games and studios), kept for
// a short while in the server process so a page render does not read the catalogue eight times.
// Nothing of a player goes in: the key is the locale, and the loaders it wraps read public calls.

export interface PublicDataCache<T> {
  /** The cached value for `key` if younger than the time to live, else `load()`'s (kept if `keep` says so). */
  get(key: string, load: () => Promise<T>): Promise<T>
}

export function publicDataCache<T>(ttlMs: number, keep: (value: T) => boolean, now: () => number = Date.now): PublicDataCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key, load) {
      const hit = entries.get(key)
      if (hit && now() - hit.at < ttlMs) return hit.value
      // Requests that come while it loads share the one read.
      const value = load()
      entries.set(key, { at: now(), value })
      value.then(
        (v) => {
          if (!keep(v) && entries.get(key)?.value === value) entries.delete(key)
        },
        () => {
          if (entries.get(key)?.value === value) entries.delete(key)
        },
      )
      return value
    },
  }
}
