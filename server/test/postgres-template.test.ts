import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { clonePostgresTemplate, databaseUrl, dropPostgresClone, dropRunClones, ensurePostgresTemplate, newRunId, TEMPLATE_SCHEMA, TEST_DATABASE_URL } from './postgres-template'

// The clones every PostgreSQL test file gets must be what a fresh migrated and seeded database
// is, and must not see each other's writes: the tests on the server rely on both.

async function query<T extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(database), options: `-c search_path=${TEMPLATE_SCHEMA}` })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function databaseNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname)
  } finally {
    await client.end()
  }
}

describe('PostgreSQL template clones', () => {
  const run = newRunId()
  afterAll(() => dropRunClones(run))

  it('gives each file a migrated and seeded database of its own, which a write in another clone never reaches', async () => {
    const [a, b] = [await clonePostgresTemplate(run), await clonePostgresTemplate(run)]
    expect(a).not.toBe(b)
    const demo = `select count(*)::int as n from accounts where email = 'demo@example.com'`
    expect(await query(a, demo)).toEqual([{ n: 1 }])

    await query(a, `update accounts set email = 'moved@example.com' where email = 'demo@example.com'`)
    expect(await query(a, demo)).toEqual([{ n: 0 }])
    expect(await query(b, demo)).toEqual([{ n: 1 }])
    const later = await clonePostgresTemplate(run)
    expect(await query(later, demo)).toEqual([{ n: 1 }])
    expect(await query(await ensurePostgresTemplate(), demo)).toEqual([{ n: 1 }])

    await dropPostgresClone(a)
    expect(await databaseNames()).not.toContain(a)
  })

  it('drops the clones a run left behind, and no one else’s', async () => {
    const other = newRunId()
    const [mine, theirs] = [await clonePostgresTemplate(run), await clonePostgresTemplate(other)]
    try {
      await dropRunClones(run)
      const names = await databaseNames()
      expect(names).not.toContain(mine)
      expect(names).toContain(theirs)
      expect(names).toContain(await ensurePostgresTemplate())
    } finally {
      await dropRunClones(other)
    }
  })
})
