import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BACKOFF_MAX_MS, BalanceSocketHub, backoffMs } from './hub'
import { CLOSE_UNAUTHORISED, socketUrl, type PushedBalances } from './protocol'

/** A WebSocket the test drives: it records what the hub sends and lets the test open, push and close. */
class FakeSocket {
  static all: FakeSocket[] = []
  sent: string[] = []
  closed: { code?: number } | null = null
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(data)
  }
  close(code?: number) {
    this.closed = { code }
  }
  open() {
    this.onopen?.()
  }
  push(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) })
  }
  drop(code: number) {
    this.onclose?.({ code })
  }
}

const balances: PushedBalances = {
  balance_main: { amount: '12.34', currency: 'USD' },
  balance_bonus: null,
  balance_betting_bonus: null,
  balance_fun: null,
}
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('BalanceSocketHub', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeSocket.all = []
  })
  afterEach(() => vi.useRealTimers())

  function start(tokens: (string | null)[]) {
    const delivered: PushedBalances[] = []
    const statuses: string[] = []
    const requestToken = vi.fn(async () => {
      const next = tokens.shift()
      if (next === undefined) throw new Error('offline')
      return next
    })
    const hub = new BalanceSocketHub({
      url: 'ws://site/ws',
      requestToken,
      deliver: (b) => delivered.push(b),
      onStatus: (s) => statuses.push(s),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    })
    hub.start()
    return { hub, delivered, statuses, requestToken }
  }

  it('authenticates with the token in the first message and delivers pushed balances', async () => {
    const { delivered, statuses } = start(['t1'])
    await flush()
    const socket = FakeSocket.all[0]!
    socket.open()
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 't1' })])
    socket.push({ type: 'ready' })
    socket.push({ type: 'balance', balances })
    socket.push('not json')
    socket.push({ type: 'balance' })
    expect(delivered).toEqual([balances])
    expect(statuses).toEqual(['connecting', 'open'])
  })

  it('reconnects with growing backoff and a fresh token after a drop or a refused token', async () => {
    const { requestToken, statuses } = start(['t1', 't2', 't3'])
    await flush()
    FakeSocket.all[0]!.drop(1006)
    expect(statuses.at(-1)).toBe('waiting')
    await vi.advanceTimersByTimeAsync(999)
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeSocket.all).toHaveLength(2)
    FakeSocket.all[1]!.drop(CLOSE_UNAUTHORISED)
    await vi.advanceTimersByTimeAsync(2000)
    expect(FakeSocket.all).toHaveLength(3)
    expect(requestToken).toHaveBeenCalledTimes(3)
    FakeSocket.all[2]!.open()
    expect(FakeSocket.all[2]!.sent).toEqual([JSON.stringify({ type: 'auth', token: 't3' })])
  })

  it('retries when the token call fails, and stops when nobody is logged in', async () => {
    const { hub, requestToken } = start([])
    await flush()
    expect(FakeSocket.all).toHaveLength(0)
    expect(hub.isRunning).toBe(true)
    await vi.advanceTimersByTimeAsync(1000)
    expect(requestToken).toHaveBeenCalledTimes(2)

    const second = start([null])
    await flush()
    expect(second.hub.isRunning).toBe(false)
    expect(second.statuses.at(-1)).toBe('stopped')
  })

  it('stop closes the socket and never reconnects', async () => {
    const { hub } = start(['t1', 't2'])
    await flush()
    const socket = FakeSocket.all[0]!
    hub.stop()
    expect(socket.closed).toEqual({ code: 1000 })
    socket.drop(1000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('backoff is jittered and capped', () => {
    expect(backoffMs(0, () => 1)).toBe(1000)
    expect(backoffMs(3, () => 1)).toBe(8000)
    expect(backoffMs(20, () => 1)).toBe(BACKOFF_MAX_MS)
    expect(backoffMs(5, () => 0)).toBe(250)
  })

  it('socketUrl follows the page scheme', () => {
    expect(socketUrl({ protocol: 'https:', host: 'casino.example' })).toBe('wss://casino.example/ws')
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws')
  })
})
