// What the event page's views read from its snapshot.
import type { SnapshotFrom } from 'xstate'
import type { sbEventMachine } from './event.machine'

type Snapshot = SnapshotFrom<typeof sbEventMachine>

export type EventView = 'loading' | 'event' | 'ended' | 'notFound' | 'failed'

export function selectEventView(s: Snapshot): EventView {
  if (s.matches('shown')) return 'event'
  if (s.matches('ended')) return 'ended'
  if (s.matches('notFound')) return 'notFound'
  if (s.matches('loadFailed')) return 'failed'
  return 'loading'
}

export const selectEvent = (s: Snapshot) => s.context.event
export const selectFlashes = (s: Snapshot) => s.context.flashes
export const selectMoves = (s: Snapshot) => (s.matches({ shown: { flash: 'flashing' } }) ? s.context.moves : null)
export const selectCollapsed = (s: Snapshot) => s.context.collapsed
