import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer, type WebSocket } from 'ws'
import { clock } from '../config'
import { chatTopic, playerNotice } from '../domain/support/chat'
import { balancesToMoney, playerBalances } from '../domain/wallet/balances'
import type { BalanceNotifier } from '../domain/wallet/notifier'
import { verifySocketToken } from './token'

/**
 * The live socket at /ws (SPEC §7; its messages and close codes: docs/live-balance.md). The token, not the
 * cookie, authenticates: a SharedWorker may outlive the tab whose cookie it started with. A player's
 * balance goes only to sockets authenticated as that player; public topics (the shared crash
 * rounds; later odds and tickers) are open to any socket that subscribes, visitors' too. A player's
 * support chat notices (`support`) follow the balance's rule: only that player's sockets hear them.
 */

export const SOCKET_PATH = '/ws'
const AUTH_TIMEOUT_MS = 10_000
const PING_MS = 30_000

/** Topics a socket may subscribe to without a token: shared rounds and the sportsbook's board. Balances never. */
export const PUBLIC_TOPIC = /^(?:crash\.[a-z0-9]+(?:-[a-z0-9]+)*|sb\.live|sb\.event\.[1-9]\d{0,17})$/
/** Topics one socket may follow at once. */
// A betslip follows each of its events (up to 20) beside the list and the event page.
export const MAX_TOPICS_PER_SOCKET = 24

export const CLOSE_UNAUTHORISED = 4401
export const CLOSE_BAD_MESSAGE = 4400
/** The standard "going away": this instance shuts down, and the client reconnects (to another one). */
export const CLOSE_GOING_AWAY = 1001
/** How long a closing socket may take to answer the close before it is cut. */
const GOING_AWAY_MS = 1_000

function originAllowed(request: IncomingMessage, publicUrl: string | null): boolean {
  const origin = request.headers.origin
  if (!origin) return false
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true
  return parsed.host === request.headers.host
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

export function registerBalanceSocket(app: FastifyInstance, notifier: BalanceNotifier | null): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 })
  const byPlayer = new Map<bigint, Map<WebSocket, string>>()
  const now = clock(app.config)
  /** Public topics: the sockets following each, and the bus subscription this instance holds for it. */
  const byTopic = new Map<string, { sockets: Set<WebSocket>; stop: () => void }>()
  /** The support chat topic of each player with a socket here: one bus subscription per player, whichever instance published. */
  const supportFeeds = new Map<bigint, () => void>()

  function followSupport(playerId: bigint): void {
    if (supportFeeds.has(playerId)) return
    const stop = app.live.subscribe(chatTopic(playerId), (data) => {
      const { unread, last_id } = JSON.parse(data) as Record<string, unknown>
      if (!Number.isSafeInteger(unread) || !Number.isSafeInteger(last_id)) return
      const message = JSON.stringify({ type: 'support', unread, last_id })
      for (const ws of byPlayer.get(playerId)?.keys() ?? []) if (ws.readyState === ws.OPEN) ws.send(message)
    })
    supportFeeds.set(playerId, stop)
  }

  function unfollowSupport(playerId: bigint): void {
    supportFeeds.get(playerId)?.()
    supportFeeds.delete(playerId)
  }

  function follow(ws: WebSocket, topic: string, own: Set<string>): void {
    if (own.has(topic)) return
    if (own.size >= MAX_TOPICS_PER_SOCKET) return ws.close(CLOSE_BAD_MESSAGE, 'too_many_topics')
    own.add(topic)
    let entry = byTopic.get(topic)
    if (!entry) {
      const sockets = new Set<WebSocket>()
      const stop = app.live.subscribe(topic, (data) => {
        const message = `{"type":"event","topic":${JSON.stringify(topic)},"data":${data}}`
        for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(message)
      })
      byTopic.set(topic, (entry = { sockets, stop }))
    }
    entry.sockets.add(ws)
    ws.send(JSON.stringify({ type: 'subscribed', topic }))
  }

  function unfollow(ws: WebSocket, topic: string, own: Set<string>): void {
    own.delete(topic)
    const entry = byTopic.get(topic)
    if (!entry) return
    entry.sockets.delete(ws)
    if (entry.sockets.size === 0) {
      entry.stop()
      byTopic.delete(topic)
    }
  }

  async function snapshot(playerId: bigint): Promise<string | null> {
    const balances = await playerBalances(app.db, playerId)
    return balances ? JSON.stringify({ type: 'balance', balances: balancesToMoney(balances) }) : null
  }

  /** The sessions of these ids that are still alive: a logout or expiry ends its sockets at the next push. */
  async function liveSessions(playerId: bigint, ids: string[]): Promise<Set<string>> {
    const rows = await app.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids)
      .where('player_id', '=', playerId)
      .where('expires_at', '>', now())
      .execute()
    return new Set(rows.map((r) => r.id))
  }

  async function push(playerId: bigint): Promise<void> {
    const sockets = byPlayer.get(playerId)
    if (!sockets?.size) return
    const [message, live] = await Promise.all([snapshot(playerId), liveSessions(playerId, [...new Set(sockets.values())])])
    for (const [ws, sessionId] of sockets) {
      if (!live.has(sessionId)) ws.close(CLOSE_UNAUTHORISED, 'session_ended')
      else if (message && ws.readyState === ws.OPEN) ws.send(message)
    }
  }

  const unsubscribe = notifier?.subscribe((playerId) => {
    push(playerId).catch((err: unknown) => app.log.error({ err }, 'balance socket: push failed'))
  })

  async function authenticate(ws: WebSocket, token: unknown): Promise<void> {
    const check = verifySocketToken(app.config.sessionSecret ?? '', token, now().getTime())
    if (!check.ok) return ws.close(CLOSE_UNAUTHORISED, check.reason)
    const { playerId, sessionId } = check.claim
    // The session must still be alive: a logout or a ban ends the socket's right too.
    const session = await app.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('player_id', '=', playerId)
      .where('expires_at', '>', now())
      .executeTakeFirst()
    if (!session) return ws.close(CLOSE_UNAUTHORISED, 'session_ended')
    if (ws.readyState !== ws.OPEN) return
    let set = byPlayer.get(playerId)
    if (!set) byPlayer.set(playerId, (set = new Map()))
    set.set(ws, sessionId)
    followSupport(playerId)
    ws.once('close', () => {
      set.delete(ws)
      if (set.size === 0 && byPlayer.get(playerId) === set) {
        byPlayer.delete(playerId)
        unfollowSupport(playerId)
      }
    })
    ws.send(JSON.stringify({ type: 'ready' }))
    const message = await snapshot(playerId)
    if (message && ws.readyState === ws.OPEN) ws.send(message)
    // Where the support chat stands, so every page shows its unread count without a call of its own.
    const notice = await playerNotice(app.db, playerId)
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'support', ...notice }))
  }

  function onConnection(ws: WebSocket, queryToken: string | null): void {
    let alive = true
    ws.on('pong', () => (alive = true))
    const ping = setInterval(() => {
      if (!alive) return ws.terminate()
      alive = false
      ws.ping()
    }, PING_MS)
    ws.once('close', () => clearInterval(ping))
    ws.on('error', () => ws.terminate())

    const fail = (err: unknown) => {
      app.log.error({ err }, 'balance socket: authentication failed')
      ws.close(1011, 'server_error')
    }
    const topics = new Set<string>()
    ws.once('close', () => {
      for (const topic of [...topics]) unfollow(ws, topic, topics)
    })
    let authed = false
    const auth = (token: unknown) => {
      authed = true
      authenticate(ws, token).catch(fail)
    }
    if (queryToken !== null) auth(queryToken)
    // A socket says what it is for within the time allowed: a token, or a public topic to follow.
    const timer = queryToken === null ? setTimeout(() => ws.close(CLOSE_UNAUTHORISED, 'auth_timeout'), AUTH_TIMEOUT_MS) : null
    ws.once('close', () => timer && clearTimeout(timer))
    ws.on('message', (data, isBinary) => {
      let message: unknown
      try {
        message = isBinary ? null : JSON.parse(String(data))
      } catch {
        message = null
      }
      const { type, token, topic } = (message ?? {}) as Record<string, unknown>
      if (type === 'auth' && !authed) {
        if (timer) clearTimeout(timer)
        return auth(token)
      }
      if ((type === 'subscribe' || type === 'unsubscribe') && typeof topic === 'string' && PUBLIC_TOPIC.test(topic)) {
        if (timer) clearTimeout(timer)
        return type === 'subscribe' ? follow(ws, topic, topics) : unfollow(ws, topic, topics)
      }
      ws.close(CLOSE_BAD_MESSAGE, authed || topics.size > 0 ? 'bad_message' : 'expected_auth')
    })
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== SOCKET_PATH) return
    if (!originAllowed(request, app.config.publicUrl)) return refuse(socket, '403 Forbidden')
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, url.searchParams.get('token')))
  }
  app.server.on('upgrade', onUpgrade)

  // Before the listener closes: it waits for every connection, upgraded ones included.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade)
    const open = [...wss.clients]
    if (!open.length) return
    const closed = Promise.all(open.map((ws) => (ws.readyState === ws.CLOSED ? null : new Promise((resolve) => ws.once('close', resolve)))))
    for (const ws of open) ws.close(CLOSE_GOING_AWAY, 'going_away')
    let timer: NodeJS.Timeout | undefined
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, GOING_AWAY_MS)))])
    clearTimeout(timer)
    for (const ws of open) if (ws.readyState !== ws.CLOSED) ws.terminate()
  })

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade)
    unsubscribe?.()
    for (const entry of byTopic.values()) entry.stop()
    byTopic.clear()
    for (const stop of supportFeeds.values()) stop()
    supportFeeds.clear()
    for (const ws of wss.clients) ws.terminate()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
    await notifier?.close()
  })
}
