import { afterEach, describe, expect, it, vi } from 'vitest'
import { TopicSocket } from './topics'

class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) })
  }
  drop() {
    this.readyState = 3
    this.onclose?.()
  }
}

describe('the public topic socket', () => {
  afterEach(() => {
    FakeSocket.all = []
    vi.useRealTimers()
  })

  it('subscribes on open, hands each event to its topic only, and resubscribes after a drop', async () => {
    vi.useFakeTimers()
    const socket = new TopicSocket({ url: 'ws://x/ws', WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0 })
    const crash: unknown[] = []
    const stop = socket.subscribe('crash.rocket', (data) => crash.push(data))
    const stopOther = socket.subscribe('crash.other', () => {})
    // Opened in the next task, once for every topic followed meanwhile.
    expect(FakeSocket.all).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeSocket.all).toHaveLength(1)
    stopOther()
    const first = FakeSocket.all[0]!
    first.open()
    expect(first.sent).toEqual([{ type: 'subscribe', topic: 'crash.rocket' }])
    first.receive({ type: 'event', topic: 'crash.rocket', data: { phase: 'running' } })
    first.receive({ type: 'event', topic: 'crash.other', data: { phase: 'ended' } })
    first.receive({ type: 'balance', balances: {} })
    expect(crash).toEqual([{ phase: 'running' }])
    first.drop()
    await vi.advanceTimersByTimeAsync(300)
    const second = FakeSocket.all[1]!
    second.open()
    expect(second.sent).toEqual([{ type: 'subscribe', topic: 'crash.rocket' }])
    stop()
    expect(second.sent).toContainEqual({ type: 'unsubscribe', topic: 'crash.rocket' })
    expect(second.readyState).toBe(3)
  })
})
