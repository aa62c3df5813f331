import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromCallback, sendTo, type EventObject, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { rootFrameMessagesMachine } from '../app/app.children'
import { frameMessagesMachine } from './frame-messages.machine'
import { leavesFrame, sameOriginTarget } from './frame-messages.rules'
import { depositPage, frameMessagesSamples as fixtures } from './frame-messages.samples'
import type { FrameMessagesActionParams, FrameMessagesEvent } from './frame-messages.types'

type Snapshot = SnapshotFrom<typeof frameMessagesMachine>
type Effect = { [K in keyof FrameMessagesActionParams]: { type: K; params: FrameMessagesActionParams[K] } }[keyof FrameMessagesActionParams]

function startSut() {
  const effects: Effect[] = []
  const ref = createActor(
    frameMessagesMachine.provide({
      actors: { listenToFrames: fromCallback<EventObject>(() => undefined) },
      actions: {
        announceLocation: () => void effects.push({ type: 'announceLocation', params: undefined }),
        refreshSession: () => void effects.push({ type: 'refreshSession', params: undefined }),
        goTo: (_, params) => void effects.push({ type: 'goTo', params }),
      },
    }),
  ).start()
  return { ref, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: FrameMessagesEvent) => sut.ref.send(event)
const gestures = {
  'frame.navigated': send, // the router moved to another page
  'frame.refreshUser': send, // a frame of ours posted refresh_user
  'frame.redirect': send, // a frame of ours posted redirect
  'frame.checkIframe': send, // a page of ours inside one of our frames posted checkIframe
} satisfies GestureTable<FrameMessagesEvent, Sut, Snapshot>

const harness = new ModelHarness({
  machine: frameMessagesMachine,
  events: (snapshot) => fixtureEvents(fixtures, snapshot),
  createSut: startSut,
  gestures: (sut, event, from) => (gestures[event.type] as (s: Sut, e: FrameMessagesEvent, f: Snapshot) => void)(sut, event, from),
  check: (sut, { state, from, event }) => {
    expect(sut.ref.getSnapshot().value).toEqual(state.value)
    const effects = sut.effects.splice(0)
    if (!from || !event) {
      // At start a framed page says where it is.
      expect(effects).toEqual([{ type: 'announceLocation', params: undefined }])
      return
    }
    const expected: Effect[] =
      event.type === 'frame.navigated'
        ? [{ type: 'announceLocation', params: undefined }]
        : event.type === 'frame.refreshUser'
          ? [{ type: 'refreshSession', params: undefined }]
          : event.type === 'frame.redirect'
            ? // Only a URL on our own origin is followed (no open redirects).
              sameOriginTarget(event.url, event.page) === null
              ? []
              : [{ type: 'goTo', params: { url: new URL(event.url, event.page.href).toString() } }]
            : leavesFrame(event.path, event.page)
              ? [{ type: 'goTo', params: { url: event.path } }]
              : []
    // A page on its way out follows nothing more.
    expect(effects).toEqual(from.status === 'done' ? [] : expected)
    expect(sut.ref.getSnapshot().status === 'done').toBe(from.status === 'done' || expected.some((e) => e.type === 'goTo'))
  },
})

// One path: through listening (every message walked there) to leaving.
describeModel('frameMessagesMachine', harness, { minShortestPaths: 0 })

describe('frameMessagesMachine (SPEC §2.3 rules)', () => {
  it('follows a redirect on our origin only, resolved against the page', () => {
    expect(sameOriginTarget('/es/promotions', depositPage)).toBe('https://casino.example/es/promotions')
    expect(sameOriginTarget('https://casino.example/?show_popup_reg=1', depositPage)).toBe('https://casino.example/?show_popup_reg=1')
    expect(sameOriginTarget('https://evil.example/', depositPage)).toBeNull()
    expect(sameOriginTarget('//evil.example/x', depositPage)).toBeNull()
    expect(sameOriginTarget('javascript:alert(1)', depositPage)).toBeNull()
    expect(sameOriginTarget('http://[bad', depositPage)).toBeNull()
  })

  it('brings a framed page of ours to the top unless it is a /forms page or where the top page is', () => {
    expect(leavesFrame('/cashier/paysuccess', depositPage)).toBe(true)
    expect(leavesFrame('/forms/sign_up', depositPage)).toBe(false)
    expect(leavesFrame('/de/forms/sign_in', depositPage)).toBe(false)
    expect(leavesFrame('/cashier/deposit', depositPage)).toBe(false)
  })

  it("under the root actor, refresh_user becomes the root's 'session.refresh'", () => {
    const heard: EventObject[] = []
    const root = createMachine({
      invoke: {
        id: 'frames',
        src: rootFrameMessagesMachine.provide({ actors: { listenToFrames: fromCallback<EventObject>(() => undefined) }, actions: { announceLocation: () => {} } }),
      },
      on: {
        forward: { actions: sendTo('frames', { type: 'frame.refreshUser' }) },
        'session.refresh': { actions: ({ event }) => void heard.push(event) },
      },
    })
    const ref = createActor(root).start()
    ref.send({ type: 'forward' })
    expect(heard).toEqual([{ type: 'session.refresh' }])
  })

  it('by default hears only its own frames on our origin, and leaves with a full load', () => {
    const listeners: ((event: Partial<MessageEvent>) => void)[] = []
    const child = {}
    const assign = vi.fn()
    const postMessage = vi.fn()
    const win: Record<string, unknown> = {
      location: { origin: 'https://casino.example', href: depositPage.href, pathname: depositPage.pathname, assign },
      document: { referrer: '' },
      parent: { postMessage },
      addEventListener: (_: string, listener: (event: Partial<MessageEvent>) => void) => void listeners.push(listener),
      removeEventListener: vi.fn(),
    }
    win.self = win
    vi.stubGlobal('window', win)
    vi.stubGlobal('document', { querySelectorAll: () => [{ contentWindow: child }] })
    try {
      const refreshes: unknown[] = []
      const ref = createActor(frameMessagesMachine.provide({ actions: { refreshSession: () => void refreshes.push(1) } })).start()
      const post = (origin: string, source: unknown, data: unknown) => listeners.forEach((l) => l({ origin, source: source as MessageEventSource, data }))
      // Framed with no known parent origin: nothing is posted (fail closed).
      expect(postMessage).not.toHaveBeenCalled()
      post('https://evil.example', child, { type: 'refresh_user' })
      post('https://casino.example', {}, { type: 'refresh_user' })
      post('https://casino.example', child, { type: 'something-else' })
      expect(refreshes).toEqual([])
      post('https://casino.example', child, { type: 'refresh_user' })
      expect(refreshes).toEqual([1])
      post('https://casino.example', child, { type: 'redirect', url: 'https://evil.example/' })
      post('https://casino.example', child, { type: 'checkIframe', path: '/forms/sign_in' })
      expect(assign).not.toHaveBeenCalled()
      post('https://casino.example', child, { type: 'checkIframe', path: '/cashier/paysuccess' })
      expect(assign).toHaveBeenCalledWith('/cashier/paysuccess')
      // Leaving: the listener is gone and a later message moves nothing.
      expect(win.removeEventListener).toHaveBeenCalled()
      ref.send({ type: 'frame.redirect', url: '/promotions', page: depositPage })
      expect(assign).toHaveBeenCalledTimes(1)

      const again = createActor(frameMessagesMachine.provide({ actions: { refreshSession: () => {} } })).start()
      post('https://casino.example', child, { type: 'redirect', url: '/promotions' })
      expect(assign).toHaveBeenLastCalledWith('https://casino.example/promotions')
      expect(again.getSnapshot().status).toBe('done')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
