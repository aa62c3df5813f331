import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import { sql, type Kysely, type Transaction } from 'kysely'
import { PgListener } from '../../db/listen'
import type { DB } from '../../db/schema'

/**
 * Balance-change notifications, told only after the change has committed (a NOTIFY inside the ledger's
 * transaction), so a listener never hears of money that is not there (docs/live-balance.md, Publication).
 */

export type BalanceListener = (playerId: bigint) => void

export interface BalanceNotifier {
  /** Hears every committed balance change; returns the unsubscribe. */
  subscribe(listener: BalanceListener): () => void
  close(): Promise<void>
}

const CHANNEL_PREFIX = 'wallet_balance_'

export function balanceChannel(schema: string): string {
  return `${CHANNEL_PREFIX}${schema}`
}

/** Inside the ledger's transaction: the owners of these wallets will be told once it commits. */
export async function announceBalanceChange(trx: Transaction<DB> | Kysely<DB>, walletIds: readonly bigint[]): Promise<void> {
  if (walletIds.length === 0) return
  await sql`
    select pg_notify(${CHANNEL_PREFIX} || current_schema(), player_id::text)
    from (select distinct player_id from wallets where id in (${sql.join(walletIds.map((id) => sql`${id}::bigint`))})) w`.execute(trx)
}

/** The same announcement as a select-list item, for a statement that writes the ledger itself. */
export function balanceNotifyItem(playerId: bigint) {
  return sql`pg_notify(${CHANNEL_PREFIX} || current_schema(), ${playerId.toString()})`
}

/**
 * Inside a transaction that ended sessions of these players: the balance socket re-checks their
 * sockets' sessions when it commits, so a logout or a ban closes the socket at once rather than at
 * the next balance change. Same channel, same once-per-commit delivery.
 */
export async function announceSessionsEnded(trx: Transaction<DB> | Kysely<DB>, playerIds: readonly bigint[]): Promise<void> {
  for (const id of new Set(playerIds)) {
    await sql`select pg_notify(${CHANNEL_PREFIX} || current_schema(), ${id.toString()})`.execute(trx)
  }
}

function parsePlayer(payload: string | undefined): bigint | null {
  return payload && /^[1-9]\d{0,18}$/.test(payload) ? BigInt(payload) : null
}

class EmitterBase {
  protected readonly emitter = new EventEmitter().setMaxListeners(0)
  subscribe(listener: BalanceListener): () => void {
    this.emitter.on('balance', listener)
    return () => this.emitter.off('balance', listener)
  }
  protected deliver(payload: string | undefined): void {
    const player = parsePlayer(payload)
    if (player !== null) this.emitter.emit('balance', player)
  }
}

/** The embedded database: PGlite delivers its own NOTIFY on commit; an emitter fans it out in-process. */
export class PgliteNotifier extends EmitterBase implements BalanceNotifier {
  private unlisten: (() => Promise<void>) | null = null
  private constructor() {
    super()
  }
  static async open(pglite: PGlite): Promise<PgliteNotifier> {
    const notifier = new PgliteNotifier()
    notifier.unlisten = await pglite.listen(balanceChannel('public'), (payload) => notifier.deliver(payload))
    return notifier
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners()
    const unlisten = this.unlisten
    this.unlisten = null
    await unlisten?.().catch(() => {})
  }
}

/** PostgreSQL: one LISTEN connection per instance (server/db/listen.ts), reconnecting when it drops. */
export class PgListenNotifier extends EmitterBase implements BalanceNotifier {
  private readonly listener: PgListener

  private constructor(connectionString: string, schema: string | null, onError: (err: unknown) => void) {
    super()
    this.listener = new PgListener({ connectionString, schema, channel: balanceChannel, onNotification: (payload) => this.deliver(payload), onError })
  }

  static async open(connectionString: string, schema: string | null, onError: (err: unknown) => void = () => {}): Promise<PgListenNotifier> {
    const notifier = new PgListenNotifier(connectionString, schema, onError)
    await notifier.listener.connect()
    return notifier
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners()
    await this.listener.close()
  }
}

export interface NotifierSource {
  kind: 'pglite' | 'postgres'
  pglite?: PGlite
}

/** The notifier that fits the database: LISTEN on PostgreSQL, PGlite's listen embedded. */
export async function openBalanceNotifier(
  database: NotifierSource,
  config: { databaseUrl: string | null; databaseSchema: string | null },
  onError?: (err: unknown) => void,
): Promise<BalanceNotifier> {
  if (database.kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('PostgreSQL notifier needs DATABASE_URL')
    return PgListenNotifier.open(config.databaseUrl, config.databaseSchema, onError)
  }
  if (!database.pglite) throw new Error('PGlite notifier needs the PGlite instance')
  return PgliteNotifier.open(database.pglite)
}
