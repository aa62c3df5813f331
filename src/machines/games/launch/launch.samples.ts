// Sample events of a game's launch, walked by its model test and listed in the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { launchMachine } from './launch.machine'
import type { LaunchEvent, LaunchGame, LaunchInput, ReadFundsResult } from './launch.types'

export const launchGame: LaunchGame = {
  sysname: 'aurora-lanterns',
  title: 'Aurora Lanterns',
  demo: true,
  fullscreen: 'all',
  url: '/platform/game/aurora-lanterns/play',
  provider: { sysname: 'northlight', name: 'Northlight Studio' },
  rtp: '95.96',
  type: 'slot',
  kind: 'line_slot',
}

export const visitorDemo: LaunchInput = { game: launchGame, wantsReal: false, loggedIn: false }

export const FUNDED: ReadFundsResult = { ok: true, funds: { balance: '50.00', currency: 'USD', minBet: '0.20', freeSpins: 0 } }
export const SHORT: ReadFundsResult = { ok: true, funds: { balance: '0.10', currency: 'USD', minBet: '0.20', freeSpins: 0 } }
/** Nothing on the balance, but a pack of free spins for the game: real play all the same. */
export const FREE_SPINS_ONLY: ReadFundsResult = { ok: true, funds: { balance: '0.00', currency: 'USD', minBet: '0.20', freeSpins: 10 } }
export const OTHER_CURRENCY: ReadFundsResult = { ok: true, funds: { balance: '50.00', currency: 'XYZ', minBet: null, freeSpins: 0 } }

export const launchSamples = {
  'launch.real': [{ type: 'launch.real' }],
  'launch.demo': [{ type: 'launch.demo' }],
  'launch.session': [
    { type: 'launch.session', loggedIn: true },
    { type: 'launch.session', loggedIn: false },
  ],
  'launch.popupClosed': [{ type: 'launch.popupClosed' }],
  'launch.needsDeposit': [{ type: 'launch.needsDeposit' }],
  'launch.close': [{ type: 'launch.close' }],
  'launch.retry': [{ type: 'launch.retry' }],
  'launch.freeSpins': [
    { type: 'launch.freeSpins', remaining: 3 },
    { type: 'launch.freeSpins', remaining: 0 },
  ],
} satisfies SampleTable<LaunchEvent>

const READ = doneEventType(launchMachine, 'readFunds')
const READ_FAILED = errorEventType(launchMachine, 'readFunds')
export type LaunchOutcome = { type: typeof READ; output: ReadFundsResult } | { type: typeof READ_FAILED; error: unknown }

export const launchOutcomes = {
  [READ]: [
    { type: READ, output: FUNDED },
    { type: READ, output: SHORT },
    { type: READ, output: FREE_SPINS_ONLY },
    { type: READ, output: OTHER_CURRENCY },
    { type: READ, output: { ok: false, code: 'ApplicationUnavailableException' } },
  ],
  [READ_FAILED]: [{ type: READ_FAILED, error: 'network down' }],
} satisfies SampleTable<LaunchOutcome>

export const launchEntry = defineEntry<typeof launchMachine, LaunchOutcome>({
  name: 'launch',
  area: 'games',
  spec: '§2.1 /game/{sysname} and the launch helper, §2.2 the #real hash for visitors',
  description: 'A game on the game page: demo for everyone, real money for a player whose balance covers the smallest bet; registration for a visitor asking for real money (home on close), the cashier for a player short of funds, unavailable games',
  machine: launchMachine,
  input: visitorDemo,
  events: launchSamples,
  outcomes: launchOutcomes,
})
