// Types of the sportsbook event page (/betting/event/{id}; docs/sportsbook.md): one event with every
// market, kept live by its own topic `sb.event.{id}`.
import type { SbEvent } from '../../../services/api/contract/sportsbook'
import type { Flashes, SbChange } from '../live.rules'

export interface EventFailure {
  readonly type: string
  readonly code?: string
}

export type LoadEventResult = { readonly ok: true; readonly event: SbEvent } | { readonly ok: false; readonly error: EventFailure }

export interface EventInput {
  readonly id: string
  /** The event the server rendered, shown at once. */
  readonly initial?: SbEvent | null
}

export interface EventContext {
  readonly id: string
  readonly event: SbEvent | null
  readonly failure: EventFailure | null
  /** Market groups (kinds) the player folded away. */
  readonly collapsed: readonly string[]
  readonly flashes: Flashes
  readonly moves: { readonly up: number; readonly down: number }
}

export type SbEventEvent =
  | { type: 'event.live'; change: SbChange }
  | { type: 'event.retry' }
  | { type: 'event.market.toggle'; market: string }

export const EVENT_NOT_FOUND = 'sportsbook_event_not_found'

export type { SbEvent }
