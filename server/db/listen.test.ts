import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_DATABASE_URL } from '../test/harness'
import { PgListener } from './listen'

// PostgreSQL only (PGlite has its own listen): the connection a LISTEN needs, dropped and regained.
describe('a LISTEN connection on PostgreSQL', () => {
  const channel = `listen_test_${process.pid}`
  let listener: PgListener | null = null
  afterEach(async () => listener?.close())

  async function notify(payload: string) {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await client.connect()
    try {
      await client.query(`select pg_notify($1, $2)`, [channel, payload])
    } finally {
      await client.end()
    }
  }

  it('hears notifications, comes back after its connection is killed, and says when it listens again', async () => {
    const heard: (string | undefined)[] = []
    let listens = 0
    listener = new PgListener({
      connectionString: `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}application_name=${channel}`,
      schema: null,
      channel: () => channel,
      onNotification: (payload) => heard.push(payload),
      onListening: () => listens++,
    })
    await listener.connect()
    expect(listener.listening).toBe(true)
    await notify('first')
    await expect.poll(() => heard).toEqual(['first'])

    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [channel])
    } finally {
      await admin.end()
    }
    await expect.poll(() => listener!.listening).toBe(false)
    // Back after the first backoff (0.5 s), and it says so: what was sent meanwhile was not heard.
    await expect.poll(() => listens, { timeout: 10_000 }).toBe(2)
    expect(listener.listening).toBe(true)
    await notify('second')
    await expect.poll(() => heard).toEqual(['first', 'second'])
  })

  it('stops for good once closed', async () => {
    listener = new PgListener({ connectionString: TEST_DATABASE_URL, schema: null, channel: () => channel, onNotification: () => {} })
    await listener.connect()
    await listener.close()
    expect(listener.listening).toBe(false)
  })
})
