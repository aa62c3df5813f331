import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate'
import { createScriptLoader } from '../../../services/analytics/script-loader'
import type { ChatWindow, FreshChatWidgetApi } from '../../../services/chat/vendors'
import { createChatVendorPage } from '../../../services/chat/widget'
import { CHAT_LAZY_LOAD_FALLBACK_MS } from '../../../shared/constants'
import { isChatBadgeVisible } from '../../../shared/route-names'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { chatWidgetMachine } from './chat-widget.machine'
import { hasVendorScript, lazyLoadDelayMs, sameVisitor } from './chat-widget.rules'
import {
  BUILTIN,
  chatWidgetOutcomes as outcomes,
  chatWidgetSamples as samples,
  FRESHCHAT,
  LAZY_LOAD_DUE,
  LIVECHAT,
  NO_CHAT,
  PLAYER,
  PLAYER_RENAMED,
  serializeChatWidget,
  VISITOR,
  type ChatWidgetOutcome as Outcome,
} from './chat-widget.samples'
import { selectChatBadgeVisible, selectChatDataState, selectChatFailure, selectChatStatus } from './chat-widget.selectors'
import type { ChatEvent, ChatLoadResult, ChatSessionInput, ChatWidgetEvent, ChatWidgetInput, LoadChatInput, ResetChatInput } from './chat-widget.types'

type Snapshot = SnapshotFrom<typeof chatWidgetMachine>

/** A stand-in for a callback actor: counts what runs and lets the test speak for it. */
function liveCallback<I>() {
  const state = { starts: [] as I[], running: 0, sendBack: null as ((event: ChatWidgetEvent) => void) | null, received: [] as EventObject[] }
  const actor = fromCallback<EventObject, I>(({ input, sendBack, receive }) => {
    state.starts.push(input)
    state.running += 1
    state.sendBack = sendBack
    const stop = () => {
      state.running -= 1
      state.sendBack = null
    }
    // The widget's API going away under it: the machine sees the actor fail (a failed actor's
    // cleanup is not run by xstate, so it goes here).
    receive((event) => {
      state.received.push(event)
      if (event.type !== 'test.crash') return
      stop()
      throw new Error('the widget API went away')
    })
    return stop
  })
  return { actor, state }
}

function startSut(input: ChatWidgetInput) {
  const clock = new SimulatedClock()
  const load = controllable<LoadChatInput, ChatLoadResult>()
  const reset = controllable<ResetChatInput, void>()
  const watch = liveCallback<unknown>()
  const session = liveCallback<ChatSessionInput>()
  const effects = { stored: [] as ChatEvent[], failures: [] as unknown[] }
  const ref = createActor(
    chatWidgetMachine.provide({
      actors: { watchInteraction: watch.actor, loadChat: load.actor, resetChat: reset.actor, chatSession: session.actor },
      actions: {
        storeChatEvent: (_, { event }) => void effects.stored.push(event),
        reportFailure: (_, { failure }) => void effects.failures.push(failure),
      },
    }),
    { input, clock },
  ).start()
  // What the test knows besides the snapshot: the player's route, and whether anything has
  // told the chat to start yet.
  const seen = { route: input.routeName, triggered: false, vendorNamed: hasVendorScript(input.settings.kind), stored: 0, failures: 0, resets: 0, loads: 0, sessions: 0 }
  return { ref, clock, load, reset, watch: watch.state, session: session.state, effects, seen }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: ChatWidgetEvent) => sut.ref.send(event)
/** From the page's own watcher while it runs; anything else would be a bug sending it. */
const fromWatcher = (sut: Sut, event: ChatWidgetEvent) => {
  sut.seen.triggered ||= sut.watch.running > 0
  ;(sut.watch.sendBack ?? sut.ref.send.bind(sut.ref))(event)
}
const gestures = {
  'chat.interaction': fromWatcher, // the first scroll, click, key press, touch or focus
  'chat.idle': fromWatcher, // the browser has nothing to do
  'auth.changed': send, // login, registration, logout, new account data
  'route.changed': (sut, event) => {
    sut.seen.route = event.routeName
    send(sut, event)
  }, // the player follows a link
  'settings.changed': (sut, event) => {
    if (hasVendorScript(event.settings.kind) && sut.ref.getSnapshot().can(event)) sut.seen.vendorNamed = true
    send(sut, event)
  }, // the site config for another locale
  'chat.vendorEvent': (sut, event) => (sut.session.sendBack ?? sut.ref.send.bind(sut.ref))(event), // the player opens the vendor's widget
} satisfies GestureTable<ChatWidgetEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadChat', (sut: Sut) => sut.load),
  ...settleGestures('resetChat', (sut: Sut) => sut.reset),
  'xstate.error.actor.chatSession': (sut: Sut) => {
    ;(sut.ref.getSnapshot().children.chatSession as AnyActorRef | undefined)?.send({ type: 'test.crash' })
  },
  [LAZY_LOAD_DUE]: (sut: Sut) => {
    sut.seen.triggered = true
    sut.clock.increment(lazyLoadDelayMs(sut.ref.getSnapshot().context.settings))
  },
} satisfies GestureTable<Outcome, Sut, Snapshot>

const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes
function outcomeRuns(s: Snapshot, event: Outcome): boolean {
  if (event.type === LAZY_LOAD_DUE) return s.matches('waiting')
  const child = event.type.replace(/^xstate\.(done|error)\.actor\./, '')
  return child in s.children
}

function harnessFor(input: ChatWidgetInput) {
  return new ModelHarness<typeof chatWidgetMachine, Sut, Outcome>({
    machine: chatWidgetMachine,
    input,
    events: (s) => [...fixtureEvents<ChatWidgetEvent, Snapshot>(samples, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, event) => !isOutcome(event) || outcomeRuns(s, event),
    serializeState: serializeChatWidget,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeChatWidget(s)).toBe(serializeChatWidget(state))
      const { broken, rule } = ruleCollector()
      const { context } = s
      const seen = sut.seen
      const loads = sut.load.calls.length - seen.loads
      const resets = sut.reset.calls.length - seen.resets
      const sessions = sut.session.starts.length - seen.sessions
      const stored = sut.effects.stored.length - seen.stored
      const failures = sut.effects.failures.length - seen.failures

      // SPEC §2.6: the badge follows the route, whatever the widget is doing.
      rule('badge follows the route', selectChatBadgeVisible(s) === isChatBadgeVisible(seen.route))
      // The vendor's own launcher too: a widget starts with the route's answer and hears each change.
      if (sessions > 0) rule('a new widget starts with the launcher as the route has it', sut.session.starts.at(-1)!.launcherVisible === isChatBadgeVisible(seen.route))
      if (event?.type === 'route.changed' && s.matches('loaded') && sessions === 0) {
        const told = sut.session.received.at(-1)
        rule('a running widget is told the launcher’s visibility', told?.type === 'launcher.visible' && (told as unknown as { visible: boolean }).visible === isChatBadgeVisible(seen.route))
      }
      // SPEC §4: nothing loads before the first interaction, an idle browser or the delay.
      rule('no script before a trigger', sut.load.calls.length === 0 || seen.triggered)
      rule('none and builtin never load a vendor', sut.load.calls.length === 0 || seen.vendorNamed)
      rule('the interaction watcher runs exactly while waiting', sut.watch.running === (s.matches('waiting') ? 1 : 0))
      rule('the widget lives exactly while loaded', sut.session.running === (s.matches('loaded') ? 1 : 0))
      rule('status names the state', selectChatDataState(s) === `chat.${selectChatStatus(s)}`)
      rule('a failure is kept exactly when failed', (selectChatFailure(s) !== null) === s.matches('failed'))
      if (loads > 0) {
        const call = sut.load.calls.at(-1)!
        rule('one load a step', loads === 1)
        rule('loads the configured vendor under its consent category', call.kind === context.settings.kind && call.consentCategory === context.settings.consentCategory && call.config === context.settings.config)
        rule('prepares for the visitor as they are now', sameVisitor(call.visitor, context.visitor))
      }
      if (sessions > 0) rule('identifies the visitor as they are now', sessions === 1 && sameVisitor(sut.session.starts.at(-1)!.visitor, context.visitor))
      if (from && event) {
        const wasLoaded = from.matches('loaded')
        const visitorEvent = event.type === 'auth.changed' ? (event as Extract<ChatWidgetEvent, { type: 'auth.changed' }>).visitor : null
        // SPEC §4: a new player (login, registration, logout) gets a fresh widget; new details are told again.
        const newPlayer = wasLoaded && visitorEvent !== null && visitorEvent.uid !== from.context.visitor.uid
        rule('a new player takes the widget down first', resets === (newPlayer ? 1 : 0))
        if (newPlayer) rule('and loads it again once down', s.matches('resetting'))
        if (wasLoaded && visitorEvent && !newPlayer && !sameVisitor(visitorEvent, from.context.visitor)) rule('new details are told again', sessions === 1 && s.matches('loaded'))
        if (visitorEvent) rule('the visitor is kept', sameVisitor(context.visitor, visitorEvent))
        // SPEC §7: storeChatEvent for a player only.
        const reported = event.type === 'chat.vendorEvent' && wasLoaded
        rule('a player’s widget events are stored, a visitor’s never', stored === (reported && from.context.visitor.uid > 0 ? 1 : 0))
        // SPEC §9: chat init failures are logged.
        rule('a failure is logged once', failures === (s.matches('failed') && !from.matches('failed') ? 1 : 0))
        if (from.matches('loaded') && s.matches('loading')) rule('never from loaded straight to loading', false)
      }
      Object.assign(seen, {
        loads: sut.load.calls.length,
        resets: sut.reset.calls.length,
        sessions: sut.session.starts.length,
        stored: sut.effects.stored.length,
        failures: sut.effects.failures.length,
      })
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'chatWidgetMachine',
  {
    'a visitor on a LiveChat site': harnessFor({ settings: LIVECHAT, visitor: VISITOR, routeName: 'index' }),
    'a player on the betting page of a FreshChat site': harnessFor({ settings: FRESHCHAT, visitor: PLAYER, routeName: 'betting' }),
    'a site with our own chat': harnessFor({ settings: BUILTIN, visitor: PLAYER, routeName: 'index' }),
  },
  {
    minShortestPaths: { 'a visitor on a LiveChat site': 30, 'a player on the betting page of a FreshChat site': 30, 'a site with our own chat': 30 },
    reach: 'together',
    timeoutMs: 180_000,
  },
)

describe('chat widget rules (SPEC §4 Chat widget, §9 lazy-load fallback 1000 ms)', () => {
  const started = (input: ChatWidgetInput) => {
    const sut = startSut(input)
    recordCoverage(sut.ref)
    return sut
  }

  it('loads after the fallback delay when nothing happens, 1000 ms unless configured', () => {
    const sut = started({ settings: { ...LIVECHAT, lazyLoadMs: undefined }, visitor: VISITOR, routeName: 'index' })
    expect(selectChatStatus(sut.ref.getSnapshot())).toBe('waiting')
    sut.clock.increment(CHAT_LAZY_LOAD_FALLBACK_MS - 1)
    expect(sut.load.calls).toEqual([])
    sut.clock.increment(1)
    expect(sut.load.calls).toEqual([{ kind: 'liveChat', config: LIVECHAT.config, consentCategory: 'marketing', visitor: VISITOR }])

    const quick = started({ settings: FRESHCHAT, visitor: VISITOR, routeName: 'index' })
    quick.clock.increment(249)
    expect(quick.load.calls).toHaveLength(0)
    quick.clock.increment(1)
    expect(quick.load.calls).toHaveLength(1)
  })

  it('loads at once on the first interaction or when the browser is idle, and only once', () => {
    for (const type of ['chat.interaction', 'chat.idle'] as const) {
      const sut = started({ settings: LIVECHAT, visitor: VISITOR, routeName: 'index' })
      sut.watch.sendBack!({ type })
      expect(sut.load.calls).toHaveLength(1)
      expect(sut.watch.running).toBe(0)
      sut.ref.send({ type: 'chat.interaction' })
      sut.clock.increment(10 * CHAT_LAZY_LOAD_FALLBACK_MS)
      expect(sut.load.calls).toHaveLength(1)
    }
  })

  it('never loads a vendor script for none or our own chat', () => {
    for (const settings of [NO_CHAT, BUILTIN]) {
      const sut = started({ settings, visitor: PLAYER, routeName: 'index' })
      sut.ref.send({ type: 'chat.interaction' })
      sut.clock.increment(10 * CHAT_LAZY_LOAD_FALLBACK_MS)
      expect(selectChatStatus(sut.ref.getSnapshot())).toBe('noVendor')
      expect(sut.load.calls).toEqual([])
      expect(sut.watch.running).toBe(0)
    }
  })

  it('reloads the widget for a new player and identifies them; new details of the same player are only told', async () => {
    const sut = started({ settings: LIVECHAT, visitor: VISITOR, routeName: 'index' })
    sut.ref.send({ type: 'chat.interaction' })
    sut.load.resolve({ ok: true })
    await flush()
    expect(sut.session.starts.map((s) => s.visitor)).toEqual([VISITOR])
    sut.ref.send({ type: 'auth.changed', visitor: PLAYER })
    expect(sut.reset.calls).toEqual([{ kind: 'liveChat' }])
    expect(sut.session.running).toBe(0)
    sut.reset.resolve()
    await flush()
    expect(sut.load.calls.at(-1)?.visitor).toEqual(PLAYER)
    sut.load.resolve({ ok: true })
    await flush()
    expect(sut.session.starts.map((s) => s.visitor)).toEqual([VISITOR, PLAYER])
    sut.ref.send({ type: 'auth.changed', visitor: PLAYER })
    sut.ref.send({ type: 'auth.changed', visitor: PLAYER_RENAMED })
    expect(sut.reset.calls).toHaveLength(1)
    expect(sut.session.starts.map((s) => s.visitor)).toEqual([VISITOR, PLAYER, PLAYER_RENAMED])
    // Logout: a fresh widget again.
    sut.ref.send({ type: 'auth.changed', visitor: VISITOR })
    expect(sut.reset.calls).toHaveLength(2)
  })

  it('stores widget events for a player only', async () => {
    const sut = started({ settings: FRESHCHAT, visitor: VISITOR, routeName: 'index' })
    sut.ref.send({ type: 'chat.idle' })
    sut.load.resolve({ ok: true })
    await flush()
    sut.session.sendBack!({ type: 'chat.vendorEvent', event: { name: 'widget:opened', data: {} } })
    expect(sut.effects.stored).toEqual([])
    sut.ref.send({ type: 'auth.changed', visitor: PLAYER })
    sut.reset.resolve()
    await flush()
    sut.load.resolve({ ok: true })
    await flush()
    sut.session.sendBack!({ type: 'chat.vendorEvent', event: { name: 'user:created', data: { restoreId: 'r-1' } } })
    expect(sut.effects.stored).toEqual([{ name: 'user:created', data: { restoreId: 'r-1' } }])
  })

  it('logs a chat that does not start and keeps the page as it is', async () => {
    const sut = started({ settings: LIVECHAT, visitor: VISITOR, routeName: 'index' })
    sut.ref.send({ type: 'chat.interaction' })
    sut.load.resolve({ ok: false, reason: 'scriptFailed', message: 'script chat-liveChat failed to load' })
    await flush()
    expect(selectChatStatus(sut.ref.getSnapshot())).toBe('failed')
    expect(sut.effects.failures).toEqual([{ reason: 'scriptFailed', message: 'script chat-liveChat failed to load' }])
    sut.ref.send({ type: 'auth.changed', visitor: PLAYER })
    expect(sut.load.calls).toHaveLength(1)
  })

  it('hides the badge on betting and the game pages, locale suffix or not (SPEC §2.6)', () => {
    const sut = started({ settings: BUILTIN, visitor: VISITOR, routeName: 'game.sysname___de' })
    expect(selectChatBadgeVisible(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'route.changed', routeName: 'gamehall' })
    expect(selectChatBadgeVisible(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'route.changed', routeName: 'betting___es' })
    expect(selectChatBadgeVisible(sut.ref.getSnapshot())).toBe(false)
  })

  it('with the real services: waits for consent, then loads the script and identifies the visitor', async () => {
    const scripts: { src?: string; dataset: Record<string, string>; onload?: () => void }[] = []
    const loader = createScriptLoader({
      document: { createElement: () => ({ dataset: {} }) as never, head: { appendChild: (s: never) => void scripts.push(s) } as never, querySelector: () => null },
    })
    const told: unknown[][] = []
    const widget: FreshChatWidgetApi = {
      isInitialized: () => true,
      destroy: () => void told.push(['destroy']),
      on: () => undefined,
      user: { setLocale: (l) => told.push(['setLocale', l]), setProperties: (p) => told.push(['setProperties', p]), clear: () => told.push(['clear']) },
    }
    const win: ChatWindow = {}
    const page = createChatVendorPage({ win, loader })
    // The default actors do the same through this browser page's pageChatVendors().
    const machine = chatWidgetMachine.provide({
      actors: {
        watchInteraction: fromCallback(() => undefined),
        loadChat: fromPromise<ChatLoadResult, LoadChatInput>(({ input }) => page.load(input)),
        resetChat: fromPromise<void, ResetChatInput>(({ input }) => page.reset(input.kind)),
        chatSession: fromCallback<EventObject, ChatSessionInput>(({ input, sendBack }) => page.start(input, { storeEvent: (event) => sendBack({ type: 'chat.vendorEvent', event }) })),
      },
      actions: { reportFailure: () => expect.unreachable() },
    })
    const ref = createActor(machine, { input: { settings: { ...FRESHCHAT, consentCategory: 'analytics' }, visitor: PLAYER, routeName: 'index' } }).start()
    recordCoverage(ref)
    ref.send({ type: 'chat.interaction' })
    await flush()
    expect(win.fcSettings).toMatchObject({ locale: 'en', meta: { uid: 7 } })
    expect(scripts).toEqual([])
    loader.setConsent({ analytics: true, marketing: false })
    expect(scripts.map((s) => s.src)).toEqual(['https://wchat.freshchat.com/js/widget.js'])
    win.fcWidget = widget
    scripts[0]!.onload!()
    await flush()
    expect(selectChatStatus(ref.getSnapshot())).toBe('loaded')
    expect(told).toEqual([
      ['setLocale', 'en'],
      ['setProperties', { uid: 7 }],
    ])
  })
})

