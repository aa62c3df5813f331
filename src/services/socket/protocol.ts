// The balance socket's messages (server: server/realtime/balance-socket.ts) and the messages between
// the tabs and the one holder of the socket (a SharedWorker, or the leader tab without one).
import type { Money } from '../../shared/money'

/** The balances as account/getBalance answers them (SPEC §3 'Account info'). */
export interface PushedBalances {
  readonly balance_main: Money
  readonly balance_bonus: Money | null
  readonly balance_betting_bonus: Money | null
  readonly balance_fun: Money | null
}

export const SOCKET_PATH = '/ws'
/** Close codes of the server: the token was refused (fetch another), or the first message was unreadable. */
export const CLOSE_UNAUTHORISED = 4401
export const CLOSE_BAD_MESSAGE = 4400

/** The built-in support chat changed (a message, a read mark): the player's unread count and newest message id. */
export interface SupportNotice {
  readonly unread: number
  readonly last_id: number
}

export type ServerMessage = { type: 'ready' } | { type: 'balance'; balances: PushedBalances } | ({ type: 'support' } & SupportNotice)

export type HubStatus = 'connecting' | 'open' | 'waiting' | 'stopped'

/** Holder → tab. */
export type HubMessage =
  | { type: 'balance'; balances: PushedBalances }
  | { type: 'support'; notice: SupportNotice }
  | { type: 'status'; status: HubStatus }
  /** The holder needs a fresh socket token: a logged-in tab answers with 'token'. */
  | { type: 'need-token'; request: number }

/** Tab → holder. */
export type TabMessage =
  | { type: 'hello' }
  | { type: 'token'; request: number; token: string | null }
  | { type: 'bye' }

export function isServerMessage(value: unknown): value is ServerMessage {
  if (typeof value !== 'object' || value === null) return false
  const { type, balances, unread, last_id } = value as { type?: unknown; balances?: unknown; unread?: unknown; last_id?: unknown }
  if (type === 'ready') return true
  if (type === 'support') return Number.isSafeInteger(unread) && Number.isSafeInteger(last_id)
  return type === 'balance' && typeof balances === 'object' && balances !== null && 'balance_main' in balances
}

/** ws(s)://host/ws of the page (or worker) at `location`. */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`
}
