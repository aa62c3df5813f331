import { EventEmitter } from 'node:events'
import type { PGlite } from '@electric-sql/pglite'
import { sql, type Kysely, type Transaction } from 'kysely'
import pg from 'pg'
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

/** PostgreSQL: one LISTEN connection per instance, reconnecting with backoff when it drops. */
export class PgListenNotifier extends EmitterBase implements BalanceNotifier {
  private client: pg.Client | null = null
  private closed = false
  private retry: NodeJS.Timeout | null = null
  private attempt = 0

  private constructor(
    private readonly connectionString: string,
    private readonly schema: string | null,
    private readonly onError: (err: unknown) => void,
  ) {
    super()
  }

  static async open(connectionString: string, schema: string | null, onError: (err: unknown) => void = () => {}): Promise<PgListenNotifier> {
    const notifier = new PgListenNotifier(connectionString, schema, onError)
    await notifier.connect()
    return notifier
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}),
    })
    client.on('notification', (msg) => this.deliver(msg.payload))
    client.on('error', (err) => {
      this.onError(err)
      this.reconnectLater(client)
    })
    client.on('end', () => this.reconnectLater(client))
    await client.connect()
    const schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public'
    await client.query(`listen "${balanceChannel(schema).replaceAll('"', '""')}"`)
    this.client = client
    this.attempt = 0
  }

  private reconnectLater(client: pg.Client): void {
    if (this.closed || this.client !== client || this.retry) return
    this.client = null
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++)
    this.retry = setTimeout(() => {
      this.retry = null
      this.connect().catch((err) => {
        this.onError(err)
        const stub = new pg.Client()
        this.client = stub
        this.reconnectLater(stub)
      })
    }, delay)
    this.retry.unref()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    this.emitter.removeAllListeners()
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
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
