// What the game page reads from its launch flow.
import type { SnapshotFrom } from 'xstate'
import type { launchMachine } from './launch.machine'
import type { LaunchMode } from './launch.types'

type Snapshot = SnapshotFrom<typeof launchMachine>

/** What the page shows: the frame in a mode, or what stands in its way. */
export type LaunchView = 'demo' | 'real' | 'checking' | 'needsLogin' | 'needsDeposit' | 'failed' | 'unavailable' | 'left'

export function selectLaunchView(s: Snapshot): LaunchView {
  if (s.matches('demo')) return 'demo'
  if (s.matches({ real: 'playing' })) return 'real'
  if (s.matches({ real: 'needsLogin' })) return 'needsLogin'
  if (s.matches({ real: 'needsDeposit' })) return 'needsDeposit'
  if (s.matches({ real: 'failed' })) return 'failed'
  if (s.matches('unavailable')) return 'unavailable'
  if (s.matches('left')) return 'left'
  return 'checking'
}

/** The table in the frame, while one is on show. */
export const selectFrameMode = (s: Snapshot): LaunchMode | null => (s.matches('demo') ? 'demo' : s.matches({ real: 'playing' }) ? 'real' : null)
export const selectCanDemo = (s: Snapshot) => s.can({ type: 'launch.demo' })
export const selectCanReal = (s: Snapshot) => s.can({ type: 'launch.real' })
export const selectFunds = (s: Snapshot) => s.context.funds
/** Free spins left for this game while the real-money table is on show; 0 otherwise. */
export const selectFreeSpins = (s: Snapshot): number => (s.matches({ real: 'playing' }) ? (s.context.funds?.freeSpins ?? 0) : 0)
export const selectGame = (s: Snapshot) => s.context.game
