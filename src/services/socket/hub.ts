// One balance socket and its life: authenticate with a token (account/getToken), hand every pushed
// balance to `deliver`, and come back after a drop with exponential backoff (a fresh token each
// time, since tokens are short-lived). Runs inside the SharedWorker, or in the leader tab where
// SharedWorker is missing (balance-socket.ts). No DOM: it only needs WebSocket and timers.
import { isServerMessage, type HubStatus, type PushedBalances, type SupportNotice } from './protocol'

export interface HubOptions {
  url: string
  /** A fresh socket token, or null when nobody is logged in (the hub then stops). */
  requestToken: () => Promise<string | null>
  deliver: (balances: PushedBalances) => void
  /** The support chat's notices, which ride the same socket. */
  deliverSupport?: (notice: SupportNotice) => void
  onStatus?: (status: HubStatus) => void
  /** For tests. */
  WebSocketImpl?: typeof WebSocket
  random?: () => number
}

export const BACKOFF_BASE_MS = 1000
export const BACKOFF_MAX_MS = 30_000

/** Full jitter: a random wait up to base·2^attempt, capped, so tabs of many players do not stampede. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt)
  return Math.max(250, Math.round(ceiling * random()))
}

export class BalanceSocketHub {
  private socket: WebSocket | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private attempt = 0
  private running = false
  private generation = 0
  /** The last close code the server sent (4401: token refused), for diagnostics. */
  lastClose: number | null = null

  constructor(private readonly options: HubOptions) {}

  get isRunning(): boolean {
    return this.running
  }

  /** Connects unless already connected or connecting. */
  start(): void {
    if (this.running) return
    this.running = true
    this.attempt = 0
    void this.connect()
  }

  stop(): void {
    this.running = false
    this.generation++
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const socket = this.socket
    this.socket = null
    socket?.close(1000, 'bye')
    this.options.onStatus?.('stopped')
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation
    this.options.onStatus?.('connecting')
    let token: string | null
    try {
      token = await this.options.requestToken()
    } catch {
      // The token call failed (offline, server down): try again later.
      if (generation === this.generation) this.retry()
      return
    }
    if (generation !== this.generation) return
    if (token === null) {
      // Nobody logged in: nothing to follow until a tab starts the hub again.
      this.stop()
      return
    }
    const Impl = this.options.WebSocketImpl ?? WebSocket
    const socket = new Impl(this.options.url)
    this.socket = socket
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }))
    socket.onmessage = (event: MessageEvent) => {
      let message: unknown
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (!isServerMessage(message)) return
      if (message.type === 'ready') {
        this.attempt = 0
        this.options.onStatus?.('open')
      } else if (message.type === 'support') this.options.deliverSupport?.({ unread: message.unread, last_id: message.last_id })
      else this.options.deliver(message.balances)
    }
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return
      this.socket = null
      if (!this.running) return
      // Any drop, a refused token (4401) included, is retried with backoff and a fresh token.
      this.lastClose = event.code
      this.retry()
    }
  }

  private retry(): void {
    if (!this.running) return
    this.options.onStatus?.('waiting')
    const delay = backoffMs(this.attempt++, this.options.random)
    this.timer = setTimeout(() => {
      this.timer = null
      void this.connect()
    }, delay)
  }
}
