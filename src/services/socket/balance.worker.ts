/// <reference lib="webworker" />
// The SharedWorker that holds one balance socket for every tab of the site (SPEC §7 'a shared worker
// opens a socket with a token'). Tabs connect a port and say hello; the worker asks them for socket
// tokens (they hold the API client and the session cookie's meaning), and fans every pushed balance
// out to all ports. When the last tab says bye the socket closes.
import { BalanceSocketHub } from './hub'
import { socketUrl, type HubMessage, type HubStatus, type TabMessage } from './protocol'

declare const self: SharedWorkerGlobalScope

const TOKEN_WAIT_MS = 5000
const ports = new Set<MessagePort>()
let status: HubStatus = 'stopped'
let nextRequest = 0
const pending = new Map<number, { resolve: (token: string | null) => void; waiting: number }>()

function post(port: MessagePort, message: HubMessage): void {
  port.postMessage(message)
}
function broadcast(message: HubMessage): void {
  for (const port of ports) post(port, message)
}

/** The first tab to answer with a token wins; null when every tab says it has none. */
function requestToken(): Promise<string | null> {
  if (ports.size === 0) return Promise.resolve(null)
  const request = ++nextRequest
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(request)
      reject(new Error('no tab answered with a socket token'))
    }, TOKEN_WAIT_MS)
    pending.set(request, {
      waiting: ports.size,
      resolve: (token) => {
        clearTimeout(timer)
        pending.delete(request)
        resolve(token)
      },
    })
    broadcast({ type: 'need-token', request })
  })
}

const hub = new BalanceSocketHub({
  url: socketUrl(self.location),
  requestToken,
  deliver: (balances) => broadcast({ type: 'balance', balances }),
  deliverSupport: (notice) => broadcast({ type: 'support', notice }),
  onStatus: (next) => {
    status = next
    broadcast({ type: 'status', status })
  },
})

self.onconnect = (event: MessageEvent) => {
  const port = event.ports[0]
  if (!port) return
  port.onmessage = (message: MessageEvent<TabMessage>) => {
    const data = message.data
    if (data?.type === 'hello') {
      ports.add(port)
      post(port, { type: 'status', status })
      hub.start()
    } else if (data?.type === 'token') {
      const waiter = pending.get(data.request)
      if (!waiter) return
      if (data.token !== null) waiter.resolve(data.token)
      else if (--waiter.waiting <= 0) waiter.resolve(null)
    } else if (data?.type === 'bye') {
      ports.delete(port)
      port.close()
      if (ports.size === 0) hub.stop()
    }
  }
  port.start()
}
