// Fails loudly (never skips) when the PostgreSQL server the tests need is not there.
import pg from 'pg'

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
try {
  await client.connect()
  const { rows } = await client.query('select version() as v')
  console.log(`PostgreSQL reachable at ${url}: ${String(rows[0].v).split(',')[0]}`)
} catch (error) {
  console.error(`PostgreSQL is not reachable at ${url} (${error.message}).`)
  console.error('Start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL; the concurrency and server tests need it.')
  process.exit(1)
} finally {
  await client.end().catch(() => {})
}
