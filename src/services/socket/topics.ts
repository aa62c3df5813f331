// A socket that follows public topics (the shared crash rounds, the sportsbook's board): no token, so a visitor's page
// can watch too. It resubscribes after every reconnect (jittered backoff, as the balance hub)
// and hands each event's data to the listener of its topic. Balances never travel here.
import { backoffMs } from './hub'
import { SOCKET_PATH } from './protocol'

export type TopicListener = (data: unknown) => void
export type TopicStatus = 'connecting' | 'open' | 'waiting' | 'stopped'

export interface TopicSocketOptions {
  url?: string
  onStatus?: (status: TopicStatus) => void
  /** For tests. */
  WebSocketImpl?: typeof WebSocket
  random?: () => number
}

export function topicSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`
}

export class TopicSocket {
  private socket: WebSocket | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private attempt = 0
  private stopped = false
  private readonly listeners = new Map<string, Set<TopicListener>>()

  constructor(private readonly options: TopicSocketOptions = {}) {}

  /** Follows `topic` until the returned function is called; the socket opens with the first topic. */
  subscribe(topic: string, listener: TopicListener): () => void {
    let set = this.listeners.get(topic)
    if (!set) {
      this.listeners.set(topic, (set = new Set()))
      this.send({ type: 'subscribe', topic })
    }
    set.add(listener)
    this.stopped = false
    // The socket opens in a task of its own: the flows of a page subscribe while it hydrates, and
    // opening a socket there lengthened the one task a tap waits for; the topics share the socket.
    if (!this.socket && !this.timer) this.timer = setTimeout(() => this.reconnect(), 0)
    return () => {
      set.delete(listener)
      if (set.size > 0) return
      this.listeners.delete(topic)
      this.send({ type: 'unsubscribe', topic })
      if (this.listeners.size === 0) this.stop()
    }
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const socket = this.socket
    this.socket = null
    socket?.close(1000, 'bye')
    this.options.onStatus?.('stopped')
  }

  private send(message: object): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message))
  }

  private connect(): void {
    const Impl = this.options.WebSocketImpl ?? WebSocket
    const url = this.options.url ?? topicSocketUrl(window.location)
    this.options.onStatus?.('connecting')
    const socket = new Impl(url)
    this.socket = socket
    socket.onopen = () => {
      this.attempt = 0
      this.options.onStatus?.('open')
      for (const topic of this.listeners.keys()) socket.send(JSON.stringify({ type: 'subscribe', topic }))
    }
    socket.onmessage = (event) => {
      let message: unknown
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      const { type, topic, data } = (message ?? {}) as { type?: unknown; topic?: unknown; data?: unknown }
      if (type !== 'event' || typeof topic !== 'string') return
      for (const listener of this.listeners.get(topic) ?? []) listener(data)
    }
    socket.onclose = () => {
      if (this.socket !== socket) return
      this.socket = null
      if (this.stopped || this.listeners.size === 0) return
      this.options.onStatus?.('waiting')
      this.timer = setTimeout(() => this.reconnect(), backoffMs(this.attempt++, this.options.random))
    }
  }

  private reconnect(): void {
    this.timer = null
    this.connect()
  }
}

let pageSocket: TopicSocket | null = null

/**
 * Follows a public topic on the page's one topic socket (the crash table, the sportsbook's board
 * and event): every flow of a page shares a connection. Returns the unsubscribe.
 */
export function followPublicTopic(topic: string, listener: TopicListener): () => void {
  pageSocket ??= new TopicSocket()
  return pageSocket.subscribe(topic, listener)
}
