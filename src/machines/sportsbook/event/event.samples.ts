// Sample events of the sportsbook event page, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { sampleFullEvent } from '../board/board.samples'
import type { SbChange } from '../live.rules'
import { sbEventMachine } from './event.machine'
import { EVENT_NOT_FOUND, type EventContext, type LoadEventResult, type SbEventEvent } from './event.types'

export const SAMPLE_EVENT_ID = '7'

const contextOf = (s: AnyMachineSnapshot) => s.context as EventContext

/** A change of the shown event, one version on: a price, a new line, or the end. */
export function eventChange(s: { context: EventContext }, kind: 'price' | 'newLine' | 'ended' | 'stale'): SbChange {
  const version = (s.context.event?.version ?? 1) + (kind === 'stale' ? 0 : 1)
  const base = { id: s.context.id, version, status: 'live' as const, suspended: false, live: s.context.event?.live ?? null, markets: [] }
  switch (kind) {
    case 'price':
      return { ...base, prices: [{ id: `${s.context.id}10`, market: 'match_result', outcome: 'home', price: 2600 }], markets: [{ market: 'total:2.5', status: 'suspended' }] }
    case 'stale':
      return { ...base, prices: [{ id: `${s.context.id}10`, market: 'match_result', outcome: 'home', price: 1100 }] }
    case 'newLine':
      return { ...base, prices: [{ id: '999', market: 'total:3.5', outcome: 'over', price: 2100 }] }
    case 'ended': {
      const { version: _v, ...rest } = base
      return { ...rest, status: 'ended', suspended: true, live: { score: { home: 2, away: 1 }, period: 'ended', seconds: null, running: false }, prices: [] }
    }
  }
}

export const eventSamples = {
  'event.live': (s: AnyMachineSnapshot) => (['price', 'newLine', 'ended', 'stale'] as const).map((kind) => ({ type: 'event.live' as const, change: eventChange(s as unknown as { context: EventContext }, kind) })),
  'event.retry': [{ type: 'event.retry' }],
  'event.market.toggle': [{ type: 'event.market.toggle', market: 'match_result' }],
} satisfies SampleTable<SbEventEvent>

export const EVENT_FLASH_END = delayEvent(sbEventMachine, 'flash').type
export const EVENT_TICK = delayEvent(sbEventMachine, 'tick').type
const LOADED = doneEventType(sbEventMachine, 'loadEvent')
const FAILED = errorEventType(sbEventMachine, 'loadEvent')
const REFETCHED = doneEventType(sbEventMachine, 'refetch')
const REFETCH_FAILED = errorEventType(sbEventMachine, 'refetch')
export type EventOutcome =
  | { type: typeof EVENT_FLASH_END }
  | { type: typeof EVENT_TICK }
  | { type: typeof LOADED; output: LoadEventResult }
  | { type: typeof FAILED; error: unknown }
  | { type: typeof REFETCHED; output: LoadEventResult }
  | { type: typeof REFETCH_FAILED; error: unknown }

export const eventOutcomes = {
  ...delaySamples(EVENT_FLASH_END),
  ...delaySamples(EVENT_TICK),
  [LOADED]: (s: AnyMachineSnapshot) => [
    { type: LOADED, output: { ok: true, event: sampleFullEvent(contextOf(s).id) } },
    { type: LOADED, output: { ok: false, error: { type: 'InvalidParameterException', code: EVENT_NOT_FOUND } } },
    { type: LOADED, output: { ok: false, error: { type: 'ApplicationUnavailableException' } } },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
  [REFETCHED]: (s: AnyMachineSnapshot) => [{ type: REFETCHED, output: { ok: true, event: { ...sampleFullEvent(contextOf(s).id), version: (contextOf(s).event?.version ?? 1) } } }],
  [REFETCH_FAILED]: [{ type: REFETCH_FAILED, error: 'network down' }],
} satisfies SampleTable<EventOutcome>

export const sbEventEntry = defineEntry<typeof sbEventMachine, EventOutcome>({
  name: 'sportsbook-event',
  area: 'sportsbook',
  spec: '§2.1 /betting/event/{id} (docs/sportsbook.md): sportsbook/event, the public topic sb.event.{id}',
  description: 'One sportsbook event with every market: live prices flash, suspended markets lock, a new line reads the event again, the end shows the final score',
  machine: sbEventMachine,
  input: { id: SAMPLE_EVENT_ID },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: EventContext }
    return JSON.stringify({ value, status: context.event?.status ?? null, collapsed: context.collapsed, flashes: Object.keys(context.flashes).length, markets: context.event?.markets.length ?? null })
  },
  events: eventSamples,
  outcomes: eventOutcomes,
})
