import { EventEmitter } from 'node:events'
import { Redis, type RedisOptions } from 'ioredis'

/**
 * Live events between the instances of the site: one publish/subscribe seam for every topic that
 * is not a database commit (content reloads now; shared game rounds, odds ticks and notifications
 * later). With REDIS_URL it goes through Redis pub/sub, so a message published on one instance
 * reaches the subscribers of every instance; without it, in-process. Balance changes do not use it:
 * they are told by PostgreSQL at commit (docs/decisions/008-live-events.md).
 */

export type LiveHandler = (data: string) => void

/** Whom a published message reached: with Redis down it still reaches this instance's subscribers. */
export type PublishReach = 'every instance' | 'this instance'

export interface LiveBusState {
  transport: 'memory' | 'redis'
  /** Whether a message published now reaches the other instances. */
  connected: boolean
  /** Why not, in words an operator can act on; null when connected. */
  reason: string | null
}

export interface LiveBus {
  /** Reaches every instance's subscribers of this topic, this instance's too, and says whether it did. */
  publish(topic: string, data: string): Promise<PublishReach>
  subscribe(topic: string, handler: LiveHandler): () => void
  /**
   * After the link to the other instances was down and is back: messages of that gap were not
   * heard, so a subscriber that keeps state reads it afresh here. Returns the unsubscribe.
   */
  onReconnected(handler: () => void): () => void
  state(): LiveBusState
  close(): Promise<void>
}

/** Topic names: lowercase words and dots, so that a prefix cannot be escaped. */
const TOPIC = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/

function checkTopic(topic: string): void {
  if (!TOPIC.test(topic) || topic.length > 100) throw new Error(`bad live topic name: ${JSON.stringify(topic)}`)
}

class LocalFanout {
  readonly emitter = new EventEmitter().setMaxListeners(0)
  deliver(topic: string, data: string, onError: (err: unknown) => void): void {
    for (const handler of this.emitter.listeners(topic) as LiveHandler[]) {
      try {
        handler(data)
      } catch (err) {
        // One subscriber's fault must not keep the message from the others.
        onError(err)
      }
    }
  }
  on(topic: string, handler: LiveHandler): () => void {
    this.emitter.on(topic, handler)
    return () => this.emitter.off(topic, handler)
  }
}

/** One process: what a single instance (and the embedded database) needs. */
export class MemoryBus implements LiveBus {
  private readonly local = new LocalFanout()
  constructor(private readonly onError: (err: unknown) => void = () => {}) {}
  async publish(topic: string, data: string): Promise<PublishReach> {
    checkTopic(topic)
    // Asynchronous, as across instances: a publisher never runs its subscribers on its own stack.
    queueMicrotask(() => this.local.deliver(topic, data, this.onError))
    return 'this instance'
  }
  subscribe(topic: string, handler: LiveHandler): () => void {
    checkTopic(topic)
    return this.local.on(topic, handler)
  }
  onReconnected(): () => void {
    return () => {}
  }
  state(): LiveBusState {
    return { transport: 'memory', connected: true, reason: null }
  }
  async close(): Promise<void> {
    this.local.emitter.removeAllListeners()
  }
}

export interface RedisBusOptions {
  url: string
  /** Put before every channel name: instances of one site share it, other sites on the Redis do not. */
  prefix: string
  /** A subscriber that threw, or a command Redis refused; connection errors go to onStateChange. */
  onError?: (err: unknown) => void
  /** Told when the link goes down or comes back, for the log. */
  onStateChange?: (state: LiveBusState) => void
}

/**
 * Redis pub/sub through ioredis: one connection publishes, one subscribes (a subscribed connection
 * can do nothing else). Both reconnect by themselves with backoff, and the subscriber subscribes
 * again to its channels; a publish while the link is down fails at once rather than waiting.
 */
export class RedisBus implements LiveBus {
  private readonly local = new LocalFanout()
  private readonly reconnected = new EventEmitter().setMaxListeners(0)
  private readonly publisher: Redis
  private readonly subscriber: Redis
  private readonly channels = new Map<string, number>()
  private readonly confirming = new Set<Promise<void>>()
  private everReady = false
  private lastReason: string | null = 'connecting'
  private closed = false

  private constructor(private readonly options: RedisBusOptions) {
    const common: RedisOptions = {
      // Backoff from 100 ms doubling to 5 s, for as long as it takes.
      retryStrategy: (times) => Math.min(5_000, 100 * 2 ** Math.min(times, 6)),
      // Fail a publish made while disconnected at once: live events are not worth queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      connectTimeout: 5_000,
      // READONLY: the server became a replica in a failover; reconnecting finds the new primary.
      reconnectOnError: (err) => err.message.startsWith('READONLY'),
    }
    this.publisher = new Redis(options.url, { ...common, connectionName: `${options.prefix}publish` })
    // Our own resubscription on every ready (below): ioredis's forgets a SUBSCRIBE that failed while Redis was down.
    this.subscriber = new Redis(options.url, { ...common, connectionName: `${options.prefix}subscribe`, autoResubscribe: false })
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const name = channel.toString()
      if (!name.startsWith(options.prefix)) return
      this.local.deliver(name.slice(options.prefix.length), message.toString(), this.reportError)
    })
    this.subscriber.on('ready', () => {
      if (this.channels.size) this.confirm(this.subscriber.subscribe(...[...this.channels.keys()].map((topic) => options.prefix + topic)))
    })
    for (const client of [this.publisher, this.subscriber]) {
      // Connection errors come once per retry: state() and the state-change log carry them.
      client.on('error', (err: Error) => this.note(`unreachable (${(err as NodeJS.ErrnoException).code ?? err.message})`))
      client.on('close', () => {
        if (this.lastReason === null) this.note('connection closed, reconnecting')
      })
      client.on('ready', () => this.onReady())
    }
  }

  /** Tracks a SUBSCRIBE until Redis confirms it (subscribed() waits for these). */
  private confirm(command: Promise<unknown>): void {
    const confirmed = command.then(
      () => {},
      (err: unknown) => this.reportError(err),
    )
    this.confirming.add(confirmed)
    void confirmed.finally(() => this.confirming.delete(confirmed))
  }

  private readonly reportError = (err: unknown) => this.options.onError?.(err)

  /**
   * Connects both links. Redis that is down at start does not stop the site: the links keep
   * trying in the background, and state() says why meanwhile.
   */
  static async open(options: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(options)
    await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]).catch(() => {})
    return bus
  }

  private ready(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready'
  }

  private onReady(): void {
    if (!this.ready()) return
    const wasDown = this.lastReason !== null
    this.lastReason = null
    if (wasDown) this.options.onStateChange?.(this.state())
    // The first connection is not a gap; every later one is (messages published meanwhile were lost).
    if (this.everReady && wasDown) this.reconnected.emit('reconnected')
    this.everReady = true
  }

  private note(reason: string): void {
    if (this.closed) return
    const changed = this.lastReason !== reason
    this.lastReason = reason
    if (changed) this.options.onStateChange?.(this.state())
  }

  async publish(topic: string, data: string): Promise<PublishReach> {
    checkTopic(topic)
    if (this.closed) throw new Error('live bus closed')
    if (this.ready()) {
      try {
        // This instance hears it back through its own subscription, like every other instance.
        await this.publisher.publish(this.options.prefix + topic, data)
        return 'every instance'
      } catch (err) {
        this.reportError(err)
      }
    }
    queueMicrotask(() => this.local.deliver(topic, data, this.reportError))
    return 'this instance'
  }

  subscribe(topic: string, handler: LiveHandler): () => void {
    checkTopic(topic)
    const off = this.local.on(topic, handler)
    const count = this.channels.get(topic) ?? 0
    this.channels.set(topic, count + 1)
    // While Redis is down the ready handler subscribes it once the link is back.
    if (count === 0 && this.subscriber.status === 'ready') this.confirm(this.subscriber.subscribe(this.options.prefix + topic))
    let done = false
    return () => {
      if (done) return
      done = true
      off()
      const left = (this.channels.get(topic) ?? 1) - 1
      if (left > 0) return void this.channels.set(topic, left)
      this.channels.delete(topic)
      if (!this.closed && this.subscriber.status === 'ready') this.subscriber.unsubscribe(this.options.prefix + topic).catch(this.reportError)
    }
  }

  /** Once Redis has confirmed every subscription made so far: a message published before that is not heard. */
  async subscribed(): Promise<void> {
    await Promise.all([...this.confirming])
  }

  onReconnected(handler: () => void): () => void {
    this.reconnected.on('reconnected', handler)
    return () => this.reconnected.off('reconnected', handler)
  }

  state(): LiveBusState {
    const connected = this.ready()
    return { transport: 'redis', connected, reason: connected ? null : (this.lastReason ?? 'reconnecting') }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.local.emitter.removeAllListeners()
    this.reconnected.removeAllListeners()
    await Promise.all([this.publisher, this.subscriber].map((c) => c.quit().catch(() => c.disconnect())))
  }
}

/** The bus that fits the settings: Redis with REDIS_URL, in-process without. */
export async function openLiveBus(
  config: { redisUrl: string | null; redisPrefix: string },
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<LiveBus> {
  const onError = (err: unknown) => log.warn({ err }, 'live bus: a subscriber or a command failed')
  if (!config.redisUrl) return new MemoryBus(onError)
  return RedisBus.open({
    url: config.redisUrl,
    prefix: config.redisPrefix,
    onError,
    onStateChange: (state) =>
      state.connected
        ? log.info({ liveBus: state }, 'live bus: Redis connected, live events reach every instance')
        : log.warn({ liveBus: state }, 'live bus: Redis not reachable, live events stay on this instance until it is back'),
  })
}
