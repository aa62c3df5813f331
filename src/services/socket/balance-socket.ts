// A tab's end of the live balance: one socket per browser (a SharedWorker's, a leader tab's, or each
// tab's own when neither exists), so every tab hears each change (docs/live-balance.md, Client).
import { BalanceSocketHub } from './hub'
import { socketUrl, type HubMessage, type HubStatus, type PushedBalances, type SupportNotice, type TabMessage } from './protocol'

export type { PushedBalances, HubStatus, SupportNotice }

export interface BalanceSocketOptions {
  /** A fresh socket token (account/getToken), or null when this tab is not logged in. */
  getToken: () => Promise<string | null>
  onBalance: (balances: PushedBalances) => void
  /** The support chat's notices (unread count, newest message). */
  onSupport?: (notice: SupportNotice) => void
  onStatus?: (status: HubStatus) => void
  /** 'auto' picks SharedWorker when there is one; tests force the fallback. */
  mode?: 'auto' | 'leader' | 'solo'
}

export const LEADER_LOCK = 'balance-socket-leader'
export const BALANCE_CHANNEL = 'balance-socket'

/** Connects this tab; the returned function disconnects it (logout, page hide). */
export function connectBalanceSocket(options: BalanceSocketOptions): () => void {
  const mode = options.mode ?? 'auto'
  if (mode === 'auto' && typeof SharedWorker !== 'undefined') {
    try {
      return viaSharedWorker(options)
    } catch {
      // A browser that refuses module workers falls through to the tab-held socket.
    }
  }
  if (mode !== 'solo' && typeof navigator !== 'undefined' && navigator.locks && typeof BroadcastChannel !== 'undefined') {
    return viaLeaderTab(options)
  }
  return viaOwnSocket(options)
}

function viaSharedWorker({ getToken, onBalance, onSupport, onStatus }: BalanceSocketOptions): () => void {
  const worker = new SharedWorker(new URL('./balance.worker.ts', import.meta.url), { type: 'module', name: 'balance-socket' })
  const port = worker.port
  const post = (message: TabMessage) => port.postMessage(message)
  port.onmessage = (event: MessageEvent<HubMessage>) => {
    const message = event.data
    if (message.type === 'balance') onBalance(message.balances)
    else if (message.type === 'support') onSupport?.(message.notice)
    else if (message.type === 'status') onStatus?.(message.status)
    else if (message.type === 'need-token') {
      getToken()
        .catch(() => null)
        .then((token) => post({ type: 'token', request: message.request, token }))
    }
  }
  port.start()
  post({ type: 'hello' })
  const bye = () => post({ type: 'bye' })
  // A closing tab says goodbye so the worker stops asking it for tokens.
  addEventListener('pagehide', bye)
  return () => {
    removeEventListener('pagehide', bye)
    bye()
    port.close()
  }
}

function viaLeaderTab({ getToken, onBalance, onSupport, onStatus }: BalanceSocketOptions): () => void {
  const channel = new BroadcastChannel(BALANCE_CHANNEL)
  let leading = false
  let status: HubStatus = 'stopped'
  channel.onmessage = (event: MessageEvent<HubMessage | TabMessage>) => {
    const message = event.data
    if (leading) {
      // A tab that just joined asks where things stand.
      if (message?.type === 'hello') channel.postMessage({ type: 'status', status } satisfies HubMessage)
    } else if (message?.type === 'balance') onBalance(message.balances)
    else if (message?.type === 'support') onSupport?.(message.notice)
    else if (message?.type === 'status') onStatus?.(message.status)
  }
  channel.postMessage({ type: 'hello' } satisfies TabMessage)
  const released = new AbortController()
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  navigator.locks
    .request(LEADER_LOCK, { signal: released.signal }, async () => {
      leading = true
      const hub = new BalanceSocketHub({
        url: socketUrl(location),
        requestToken: getToken,
        deliver: (balances) => {
          onBalance(balances)
          channel.postMessage({ type: 'balance', balances } satisfies HubMessage)
        },
        deliverSupport: (notice) => {
          onSupport?.(notice)
          channel.postMessage({ type: 'support', notice } satisfies HubMessage)
        },
        onStatus: (next) => {
          status = next
          onStatus?.(next)
          channel.postMessage({ type: 'status', status: next } satisfies HubMessage)
        },
      })
      hub.start()
      // Held until this tab disconnects; then the next tab waiting on the lock leads.
      await held
      hub.stop()
      leading = false
    })
    .catch(() => {
      // Aborted while waiting in line: this tab never led.
    })
  return () => {
    released.abort()
    release()
    channel.close()
  }
}

function viaOwnSocket({ getToken, onBalance, onSupport, onStatus }: BalanceSocketOptions): () => void {
  const hub = new BalanceSocketHub({ url: socketUrl(location), requestToken: getToken, deliver: onBalance, deliverSupport: onSupport, onStatus })
  hub.start()
  return () => hub.stop()
}
