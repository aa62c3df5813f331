import pg from 'pg'

export interface PgListenerOptions {
  connectionString: string
  /** The schema the tables live in (DATABASE_SCHEMA); its name is part of the channel. */
  schema: string | null
  /** The channel to LISTEN on, for the connection's current schema. */
  channel: (schema: string) => string
  onNotification: (payload: string | undefined) => void
  /** Each time the LISTEN is (again) in place: a notification sent while it was down was not heard. */
  onListening?: () => void
  onError?: (err: unknown) => void
}

/**
 * One LISTEN connection to PostgreSQL that reconnects with backoff (0.5 s doubling to 30 s) when it
 * drops or cannot connect. `listening` says whether notifications are heard right now.
 */
export class PgListener {
  private client: pg.Client | null = null
  private closed = false
  private retry: NodeJS.Timeout | null = null
  private attempt = 0
  listening = false

  constructor(private readonly options: PgListenerOptions) {}

  /** Connects and listens; a failure is thrown, and nothing retries it. */
  async connect(): Promise<void> {
    const { connectionString, schema, channel } = this.options
    const client = new pg.Client({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) })
    this.client = client
    client.on('notification', (message) => this.options.onNotification(message.payload))
    client.on('error', (err) => {
      this.options.onError?.(err)
      this.dropped(client)
    })
    client.on('end', () => this.dropped(client))
    await client.connect()
    const current = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public'
    await client.query(`listen "${channel(current).replaceAll('"', '""')}"`)
    this.listening = true
    this.attempt = 0
    this.options.onListening?.()
  }

  /** Connects, or on failure keeps retrying in the background. */
  async start(): Promise<void> {
    await this.connect().catch((err: unknown) => this.failed(err))
  }

  async close(): Promise<void> {
    this.closed = true
    this.listening = false
    if (this.retry) clearTimeout(this.retry)
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }

  private failed(err: unknown): void {
    this.options.onError?.(err)
    const client = this.client
    this.client = null
    this.listening = false
    void client?.end().catch(() => {})
    this.scheduleRetry()
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return
    this.client = null
    this.listening = false
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++)
    this.retry = setTimeout(() => {
      this.retry = null
      this.connect().catch((err: unknown) => this.failed(err))
    }, delay)
    this.retry.unref()
  }
}
