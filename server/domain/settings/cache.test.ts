import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../test/harness'
import { openSettingsCache, SETTINGS_TTL_MS, SettingsMemo, type SettingsCache } from './cache'
import { writeSetting } from './settings'

/** A change must show within the promised two seconds; the wait polls, so a fast path passes fast. */
const seen = (check: () => Promise<void>) => vi.waitFor(check, { timeout: SETTINGS_TTL_MS, interval: 20 })

describe.each(BACKENDS)('the settings cache on %s', (backend) => {
  let database: TestDatabase
  const opened: SettingsCache[] = []
  const open = async () => {
    const cache = await openSettingsCache(database, database.config)
    opened.push(cache)
    return cache
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()))
    await database?.close()
  })

  it('answers from memory: concurrent readers share one query, and later reads make none', async () => {
    const cache = await open()
    const select = vi.spyOn(database.db, 'selectFrom')
    try {
      const [a, b] = await Promise.all([cache.read(), cache.read()])
      expect(a).toBe(b)
      for (let i = 0; i < 20; i++) await cache.read()
      expect(select.mock.calls.length).toBeLessThanOrEqual(1)
    } finally {
      select.mockRestore()
    }
  })

  it("sees an operator's direct UPDATE of the table within two seconds, and tells its listeners", async () => {
    const cache = await open()
    expect((await cache.read()).domain_state).not.toBe('maintenance')
    const changed = vi.fn()
    cache.onChange(changed)
    await sql`update settings set value = '"maintenance"'::jsonb where key = 'domain_state'`.execute(database.db)
    try {
      await seen(async () => expect((await cache.read()).domain_state).toBe('maintenance'))
      expect(changed).toHaveBeenCalled()
    } finally {
      await writeSetting(database.db, 'domain_state', 'active')
    }
    await seen(async () => expect((await cache.read()).domain_state).toBe('active'))
  })

  it('sees an inserted and a deleted row', async () => {
    const cache = await open()
    await cache.read()
    await writeSetting(database.db, 'cache_test_key', { a: 1 })
    await seen(async () => expect((await cache.read()).cache_test_key).toEqual({ a: 1 }))
    await database.db.deleteFrom('settings').where('key', '=', 'cache_test_key').execute()
    await seen(async () => expect('cache_test_key' in (await cache.read())).toBe(false))
  })

  if (backend === 'postgres') {
    it('every instance hears a change made on another connection at once, with no expiry to wait for', async () => {
      const [one, two] = [await open(), await open()]
      await one.read()
      await two.read()
      const select = vi.spyOn(database.db, 'selectFrom')
      // Well past the expiry: a listening cache keeps its copy, so no read happens by time alone.
      await new Promise((r) => setTimeout(r, SETTINGS_TTL_MS + 200))
      await one.read()
      await two.read()
      expect(select).not.toHaveBeenCalled()
      select.mockRestore()
      const operator = new pg.Client({ connectionString: database.config.databaseUrl!, options: `-c search_path=${database.config.databaseSchema}` })
      await operator.connect()
      try {
        await operator.query(`update settings set value = '"promo"'::jsonb where key = 'domain_type'`)
      } finally {
        await operator.end()
      }
      await vi.waitFor(async () => {
        expect((await one.read()).domain_type).toBe('promo')
        expect((await two.read()).domain_type).toBe('promo')
      }, { timeout: 1_000, interval: 20 })
      await writeSetting(database.db, 'domain_type', 'main')
    }, 10_000)
  }
})

describe('the settings cache on the embedded database', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(async () => database?.close())
  /** Every read of the table fails with `error` until restored. */
  const failingReads = (error: Error) => vi.spyOn(database.db, 'selectFrom').mockImplementation(() => {
    throw error
  })

  describe('without notifications', () => {
    it('keeps its copy for two seconds, then reads again and tells its listeners of a difference', async () => {
      let t = 0
      const cache = new SettingsMemo(database.db, { now: () => t })
      const changed = vi.fn()
      cache.onChange(changed)
      expect((await cache.read()).is_seon_enabled).not.toBe(true)
      await writeSetting(database.db, 'is_seon_enabled', true)
      t = SETTINGS_TTL_MS - 1
      expect((await cache.read()).is_seon_enabled).not.toBe(true)
      expect(changed).not.toHaveBeenCalled()
      t = SETTINGS_TTL_MS
      expect((await cache.read()).is_seon_enabled).toBe(true)
      expect(changed).toHaveBeenCalledTimes(1)
      cache.invalidate()
      expect(changed).toHaveBeenCalledTimes(2)
      await cache.close()
      // The tests below share the database and start from the seeded value.
      await writeSetting(database.db, 'is_seon_enabled', false)
    })
  })

  describe('while the database is down', () => {
    it('serves the last rows it read through an outage, and reads again once the database answers', async () => {
      let t = 0
      const cache = new SettingsMemo(database.db, { now: () => t })
      const before = await cache.read()
      const select = failingReads(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
      try {
        t = SETTINGS_TTL_MS
        expect(await cache.read()).toBe(before)
        // Not an outage: a real fault is not hidden behind old rows.
        select.mockImplementation(() => {
          throw Object.assign(new Error('relation "settings" does not exist'), { code: '42P01' })
        })
        t = 2 * SETTINGS_TTL_MS
        await expect(cache.read()).rejects.toThrow(/does not exist/)
      } finally {
        select.mockRestore()
      }
      await writeSetting(database.db, 'is_seon_enabled', true)
      t = 3 * SETTINGS_TTL_MS
      expect((await cache.read()).is_seon_enabled).toBe(true)
      await cache.close()
    })

    it('has nothing to serve before its first read, and says so', async () => {
      const cache = new SettingsMemo(database.db)
      const select = failingReads(new Error('Connection terminated unexpectedly'))
      try {
        await expect(cache.read()).rejects.toThrow(/Connection terminated/)
      } finally {
        select.mockRestore()
      }
      await cache.close()
    })
  })
})
