import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { DB } from '../../../db/schema'
import { openTestDatabase, type TestDatabase } from '../../../test/harness'
import { createSession } from '../../session/sessions'
import { ensureWallet, postEntry } from '../ledger'
import type { WalletOptions } from '../seamless'

/**
 * The money reliability suite (`npm run test:money`) runs on the PostgreSQL server only: PGlite
 * has one connection, so it cannot show what several connections racing for one balance do.
 * Without PostgreSQL the suite fails with the harness's message; it never skips.
 */

export async function openMoneyDatabase(): Promise<TestDatabase> {
  return openTestDatabase('postgres')
}

/**
 * A second Kysely on the same schema with its own pool of `connections`, so a test can prove the
 * requests really ran on several connections at once (pool.totalCount afterwards).
 */
export function openPool(database: TestDatabase, connections: number): { db: Kysely<DB>; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: database.config.databaseUrl!,
    max: connections,
    options: `-c search_path=${database.config.databaseSchema}`,
    // int8 as BigInt, as server/db/database.ts reads it, without touching pg's global parsers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => BigInt(v) : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
    },
  })
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), pool }
}

export function walletOptions(database: TestDatabase): WalletOptions {
  return { now: new Date(), sessionPolicy: database.config.session }
}

/** A new player with opening balances written as ledger entries, and a live session. */
export async function fundedPlayer(database: TestDatabase, label: string, balances: { main?: bigint; bonus?: bigint }) {
  const login = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const { id } = await database.db
    .insertInto('accounts')
    .values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await database.db.transaction().execute(async (trx) => {
    for (const kind of ['main', 'bonus', 'betting_bonus', 'fun'] as const) {
      const walletId = await ensureWallet(trx, id, 'USD', kind)
      const amount = kind === 'main' || kind === 'bonus' ? (balances[kind] ?? 0n) : 0n
      if (amount) await postEntry(trx, { walletId, amount, kind: 'adjustment', idempotencyKey: `test:${login}:${kind}` })
    }
  })
  const { session } = await createSession(database.db, { playerId: id, now: new Date(), policy: database.config.session })
  return { id, sessionId: session.id }
}

export async function mainAndBonus(db: Kysely<DB>, playerId: bigint): Promise<bigint> {
  const rows = await db.selectFrom('wallets').select(['kind', 'balance']).where('player_id', '=', playerId).execute()
  return rows.filter((r) => r.kind === 'main' || r.kind === 'bonus').reduce((s, r) => s + r.balance, 0n)
}
