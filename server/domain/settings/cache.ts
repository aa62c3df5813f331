import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import type { Kysely } from 'kysely'
import { PgListener } from '../../db/listen'
import type { DB } from '../../db/schema'
import { isDatabaseUnavailable } from '../../db/unavailable'

/**
 * The settings table held in memory: general info, maintenance and the inactivity limit are read
 * on nearly every request, and an operator edits the table rarely. A trigger (migration
 * 018_settings_notify) NOTIFYs on every change, including an operator's UPDATE in psql, and every
 * instance LISTENs, so a change is seen at once. Where the notification cannot be relied on (PGlite,
 * or while the LISTEN connection is down) the copy expires after SETTINGS_TTL_MS.
 */

export const SETTINGS_CHANNEL_PREFIX = 'settings_changed_'
/** The longest a change may go unseen when no notification arrives. */
export const SETTINGS_TTL_MS = 2_000

export function settingsChannel(schema: string): string {
  return `${SETTINGS_CHANNEL_PREFIX}${schema}`
}

export type Settings = Readonly<Record<string, unknown>>

export interface SettingsCache {
  /** Every settings row, key -> JSON value. Callers must not modify what it returns. */
  read(): Promise<Settings>
  /** Forgets the copy; the next read goes to the database, and change listeners are told. */
  invalidate(): void
  /** Hears every change seen: a notification, an invalidate(), or a re-read that differs. */
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

interface CacheOptions {
  /** How long a copy is trusted; asked on every read, since it depends on the listener's health. */
  ttlMs?: () => number
  now?: () => number
}

/** The in-memory copy with expiry only; the listeners below call its invalidate(). */
export class SettingsMemo implements SettingsCache {
  private value: Settings | null = null
  /** The last rows read, served while the database cannot be reached: the site keeps its settings through an outage. */
  private lastGood: Settings | null = null
  private fingerprint: string | null = null
  private at = 0
  private pending: Promise<Settings> | null = null
  private generation = 0
  private readonly emitter = new EventEmitter().setMaxListeners(0)
  private readonly ttlMs: () => number
  private readonly now: () => number
  private closers: (() => Promise<void>)[] = []

  constructor(
    private readonly db: Kysely<DB>,
    options: CacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? (() => SETTINGS_TTL_MS)
    this.now = options.now ?? (() => Date.now())
  }

  read(): Promise<Settings> {
    if (this.value && this.now() - this.at < this.ttlMs()) return Promise.resolve(this.value)
    if (!this.pending) {
      // Cleared once settled, asynchronously, so that a load that fails at once is not kept as the answer.
      const pending: Promise<Settings> = this.load().finally(() => {
        if (this.pending === pending) this.pending = null
      })
      this.pending = pending
    }
    return this.pending
  }

  private async load(): Promise<Settings> {
    const generation = this.generation
    let rows: { key: string; value: unknown }[]
    try {
      rows = await this.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute()
    } catch (err) {
      if (this.lastGood && isDatabaseUnavailable(err)) return this.lastGood
      throw err
    }
    const value: Settings = Object.freeze(Object.fromEntries(rows.map((r) => [r.key, r.value])))
    this.lastGood = value
    // A change announced while this read ran may be missing from it: answer this caller, keep nothing.
    if (generation === this.generation) {
      this.value = value
      this.at = this.now()
      const fingerprint = JSON.stringify(rows)
      const changed = this.fingerprint !== null && this.fingerprint !== fingerprint
      this.fingerprint = fingerprint
      if (changed) this.emitter.emit('change')
    }
    return value
  }

  invalidate(): void {
    this.generation++
    this.value = null
    this.pending = null
    this.emitter.emit('change')
  }

  onChange(listener: () => void): () => void {
    this.emitter.on('change', listener)
    return () => this.emitter.off('change', listener)
  }

  /** Something to end with the cache (its listener). */
  addCloser(close: () => Promise<void>): void {
    this.closers.push(close)
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners()
    const closers = this.closers
    this.closers = []
    await Promise.all(closers.map((close) => close().catch(() => {})))
  }
}

/** PGlite delivers its own NOTIFY on commit; the expiry stays, as a second line. */
async function listenPglite(cache: SettingsMemo, pglite: PGlite): Promise<() => Promise<void>> {
  return pglite.listen(settingsChannel('public'), () => cache.invalidate())
}

export interface SettingsSource {
  db: Kysely<DB>
  kind: 'pglite' | 'postgres'
  pglite?: PGlite
}

/**
 * The cache that fits the database: LISTEN on PostgreSQL (expiry only while not listening),
 * PGlite's own listen plus the expiry. Without a way to listen (a test's bare Kysely) expiry only.
 */
export async function openSettingsCache(
  source: SettingsSource,
  config: { databaseUrl: string | null; databaseSchema: string | null },
  onError: (err: unknown) => void = () => {},
): Promise<SettingsCache> {
  if (source.kind === 'postgres' && config.databaseUrl) {
    // While the LISTEN is up the copy is kept until a notification; while it is down the copy
    // expires after SETTINGS_TTL_MS, and a reconnect forgets it (a change made meanwhile was not heard).
    let listener: PgListener | null = null
    const cache = new SettingsMemo(source.db, { ttlMs: () => (listener?.listening ? Number.POSITIVE_INFINITY : SETTINGS_TTL_MS) })
    listener = new PgListener({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema,
      channel: settingsChannel,
      onNotification: () => cache.invalidate(),
      onListening: () => cache.invalidate(),
      onError,
    })
    const owned = listener
    cache.addCloser(() => owned.close())
    // A server that refuses the LISTEN connection leaves the cache on its expiry, not the start failed.
    await listener.start()
    return cache
  }
  const cache = new SettingsMemo(source.db)
  if (source.pglite) {
    const unlisten = await listenPglite(cache, source.pglite)
    cache.addCloser(unlisten)
  }
  return cache
}
