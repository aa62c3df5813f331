import { describe, expect, it, vi } from 'vitest'
import { isGameFramed, listenToGameParent, parseParentMessage, postToGameParent, type GameFrameWindow } from './game-frame'

function frameWindow(framed: boolean) {
  const listeners: ((event: MessageEvent) => void)[] = []
  const parent = { postMessage: vi.fn() }
  const win: GameFrameWindow = {
    location: { origin: 'https://casino.test' },
    parent: framed ? parent : null,
    addEventListener: (_type, listener) => void listeners.push(listener),
    removeEventListener: (_type, listener) => void listeners.splice(listeners.indexOf(listener), 1),
  }
  const deliver = (origin: string, data: unknown) => listeners.forEach((l) => l({ origin, data } as MessageEvent))
  return { win, parent, deliver, listeners }
}

describe('the game client’s frame messages', () => {
  it('posts to the parent only when framed, and only to its own origin', () => {
    const framed = frameWindow(true)
    expect(isGameFramed(framed.win)).toBe(true)
    expect(postToGameParent({ type: 'balance_changed', balance: '12.50', currency: 'EUR' }, framed.win)).toBe(true)
    expect(framed.parent.postMessage).toHaveBeenCalledWith({ type: 'balance_changed', balance: '12.50', currency: 'EUR' }, 'https://casino.test')
    const alone = frameWindow(false)
    expect(postToGameParent({ type: 'close' }, alone.win)).toBe(false)
  })

  it('hears set_sound and refresh_balance from its own origin only, and nothing malformed', () => {
    const { win, deliver, listeners } = frameWindow(true)
    const heard = vi.fn()
    const stop = listenToGameParent(heard, win)
    deliver('https://evil.test', { type: 'set_sound', on: true })
    deliver('https://casino.test', { type: 'set_sound', on: 'yes' })
    deliver('https://casino.test', 'set_sound')
    deliver('https://casino.test', { type: 'set_sound', on: true })
    deliver('https://casino.test', { type: 'refresh_balance' })
    expect(heard.mock.calls).toEqual([[{ type: 'set_sound', on: true }], [{ type: 'refresh_balance' }]])
    stop()
    expect(listeners).toHaveLength(0)
    expect(parseParentMessage({ type: 'close' })).toBeNull()
  })
})
