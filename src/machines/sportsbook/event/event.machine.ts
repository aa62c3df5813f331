// The sportsbook event page (/betting/event/{id}; docs/machines.md#sportsbook-event): read once (or
// shown from the server's render), then kept live by `sb.event.{id}` until it ends. A change naming
// an outcome the page lacks (a new line) reads the event again in the background; a stale change is
// ignored. As on the board, flashes and the clock are parallel regions of the shown event.
import { assign, assertEvent, setup } from 'xstate'
import { applyChange, hasUnknownOutcome, isOver, isStale, tickLive } from '../live.rules'
import { CLOCK_TICK_MS, PRICE_FLASH_MS } from '../board/board.types'
import { followEvent, loadEvent } from './event.actors'
import { EVENT_NOT_FOUND, type EventContext, type EventInput, type LoadEventResult, type SbEventEvent } from './event.types'

type Done = { event: { output: LoadEventResult } }
const result = ({ event }: Done) => ({ result: event.output })

const eventSetup = setup({
  types: {
    input: {} as EventInput,
    context: {} as EventContext,
    events: {} as SbEventEvent,
    children: {} as { loadEvent: 'loadEvent'; refetch: 'loadEvent'; followEvent: 'followEvent' },
  },
  actors: { loadEvent, followEvent },
  delays: { flash: PRICE_FLASH_MS, tick: CLOCK_TICK_MS },
  actions: {
    // An event over offers nothing, however it arrived (a message, a read, the server's HTML).
    dropMarkets: assign({ event: ({ context }) => (context.event ? { ...context.event, markets: [] } : null), flashes: {} }),
    reportError: (_, params: { error: unknown }) => {
      console.error('sbEventMachine:', params.error)
    },
    assignEvent: assign((_, params: { result: LoadEventResult }) => (params.result.ok ? { event: params.result.event, failure: null } : {})),
    assignFailure: assign((_, params: { result: LoadEventResult }) => (params.result.ok ? {} : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'event.live')
      if (!context.event || isStale(context.event, event.change)) return {}
      const moved: Record<string, 'up' | 'down'> = {}
      const next = applyChange(context.event, event.change, moved)
      const dirs = Object.values(moved)
      if (dirs.length === 0) return { event: next }
      return { event: next, flashes: { ...context.flashes, ...moved }, moves: { up: dirs.filter((d) => d === 'up').length, down: dirs.filter((d) => d === 'down').length } }
    }),
    clearFlashes: assign({ flashes: {} }),
    tickClock: assign(({ context }) => (context.event && context.event.status === 'live' ? { event: { ...context.event, live: tickLive(context.event.live, context.event.sport) } } : {})),
    toggleMarket: assign(({ context, event }) => {
      assertEvent(event, 'event.market.toggle')
      return { collapsed: context.collapsed.includes(event.market) ? context.collapsed.filter((k) => k !== event.market) : [...context.collapsed, event.market] }
    }),
  },
  guards: {
    hasInitial: ({ context }) => context.event !== null,
    isOver: ({ context }) => context.event !== null && isOver(context.event.status),
    movesPrice: ({ context, event }) => {
      assertEvent(event, 'event.live')
      if (!context.event || isStale(context.event, event.change)) return false
      const moved: Record<string, 'up' | 'down'> = {}
      applyChange(context.event, event.change, moved)
      return Object.keys(moved).length > 0
    },
    found: (_, params: { result: LoadEventResult }) => params.result.ok,
    notFound: (_, params: { result: LoadEventResult }) => !params.result.ok && params.result.error.code === EVENT_NOT_FOUND,
    hasFlashes: ({ context }) => Object.keys(context.flashes).length > 0,
    /** A fresh change naming an outcome the page does not have: only a new read shows it. */
    newLine: ({ context, event }) => {
      assertEvent(event, 'event.live')
      return context.event !== null && !isStale(context.event, event.change) && !isOver(event.change.status) && hasUnknownOutcome(context.event.markets, event.change)
    },
    knownMarket: ({ context, event }) => {
      assertEvent(event, 'event.market.toggle')
      return context.event?.markets.some((m) => m.kind === event.market || m.key === event.market) ?? false
    },
  },
})

export const sbEventMachine = eventSetup.createMachine({
  id: 'sbEvent',
  context: ({ input }) => ({ id: input.id, event: input.initial && input.initial.id === input.id ? input.initial : null, failure: null, collapsed: [], flashes: {}, moves: { up: 0, down: 0 } }),
  initial: 'deciding',
  on: { 'event.market.toggle': { guard: 'knownMarket', actions: 'toggleMarket' } },
  states: {
    deciding: { always: [{ guard: 'isOver', target: 'ended' }, { guard: 'hasInitial', target: 'shown' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadEvent',
        src: 'loadEvent',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'found', params: result }, target: 'deciding', actions: { type: 'assignEvent', params: result } },
          { guard: { type: 'notFound', params: result }, target: 'notFound', actions: { type: 'assignFailure', params: result } },
          { target: 'loadFailed', actions: { type: 'assignFailure', params: result } },
        ],
        onError: { target: 'loadFailed', actions: ['assignNetworkFailure', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    shown: {
      type: 'parallel',
      invoke: { id: 'followEvent', src: 'followEvent', input: ({ context }) => ({ id: context.id }) },
      // Over: the final score stays, the prices go.
      always: { guard: 'isOver', target: 'ended' },
      states: {
        sync: {
          initial: 'current',
          states: {
            current: { on: { 'event.live': { guard: 'newLine', target: 'refetching' } } },
            /** A new line appeared: the whole event is read again while the page stays on show. */
            refetching: {
              invoke: {
                id: 'refetch',
                src: 'loadEvent',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'current', actions: { type: 'assignEvent', params: result } },
                onError: { target: 'current', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        flash: {
          initial: 'calm',
          on: { 'event.live': { actions: 'applyLive' } },
          states: {
            calm: { always: { guard: 'hasFlashes', target: 'flashing' } },
            flashing: {
              // Leaving the page's live view (the end) leaves no arrow behind.
              exit: 'clearFlashes',
              // Only a change that moves a price keeps the arrows on (scores and clocks come every second).
              on: { 'event.live': [{ guard: 'movesPrice', target: 'flashing', reenter: true, actions: 'applyLive' }, { actions: 'applyLive' }] },
              after: { flash: 'calm' },
            },
          },
        },
        clock: { initial: 'ticking', states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'tickClock' } } } } },
      },
    },
    ended: { entry: 'dropMarkets' },
    notFound: {},
    loadFailed: { on: { 'event.retry': 'loading' } },
  },
})

export type SbEventMachine = typeof sbEventMachine
