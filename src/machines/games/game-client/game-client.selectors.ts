// What the game client's views read from its actor (ARCHITECTURE §7 rule 4: selectors, never state strings).
import type { SnapshotFrom } from 'xstate'
import type { GameClientMachine } from './game-client.machine'
import { toMinor } from '../../../shared/money'
import { freeSpinsOf, lacksFunds, nextRoundAmount, stakePlayable } from './game-client.rules'

export type GameClientSnapshot = SnapshotFrom<GameClientMachine>

/** What a per-kind view is told of the round's progress (GameViewProps['phase']). */
export type GamePhase = 'idle' | 'playing' | 'awaitingAction' | 'acting' | 'result' | 'feature'

const inFlow = (s: GameClientSnapshot, state: string) => s.matches({ table: { cycle: { flow: state } } } as never)

export function selectPhase(s: GameClientSnapshot): GamePhase {
  if (inFlow(s, 'requesting') || inFlow(s, 'revealing')) return 'playing'
  if (inFlow(s, 'feature')) return 'feature'
  if (inFlow(s, 'awaitingAction')) return 'awaitingAction'
  if (inFlow(s, 'acting')) return 'acting'
  if (inFlow(s, 'shown') || inFlow(s, 'next')) return 'result'
  return s.context.round ? 'result' : 'idle'
}

/** What the table shows: the load, its failure, or the table with an overlay of one of its screens. */
export type GameScreen = 'loading' | 'loadFailed' | 'table' | 'insufficientFunds' | 'error'

export function selectScreen(s: GameClientSnapshot): GameScreen {
  if (s.matches({ table: 'loading' }) || s.matches({ table: 'deciding' })) return 'loading'
  if (s.matches({ table: 'loadFailed' })) return 'loadFailed'
  if (s.matches({ table: 'insufficientFunds' })) return 'insufficientFunds'
  if (s.matches({ table: 'error' })) return 'error'
  return 'table'
}

/** The round's request is in flight (the main button shows it busy and takes no second press). */
export const selectRequesting = (s: GameClientSnapshot): boolean => inFlow(s, 'requesting') || inFlow(s, 'acting') || inFlow(s, 'next') || s.matches({ table: 'refreshing' })

/** The round is being shown: the main button skips to its result. */
export const selectCanSkip = (s: GameClientSnapshot): boolean => s.can({ type: 'round.skip' })

export const selectCanSpin = (s: GameClientSnapshot): boolean => s.can({ type: 'round.spin' }) && !selectAutoplayRunning(s)

export const selectCanRetry = (s: GameClientSnapshot): boolean => s.can({ type: 'round.retry' })

export const selectAutoplayRunning = (s: GameClientSnapshot): boolean => s.matches({ autoplay: 'running' })

/** The stake and options may change now (between rounds, not during autoplay). */
export const selectCanChangeBet = (s: GameClientSnapshot): boolean => s.can({ type: 'bet.min' })

export const selectCanSwitchMode = (s: GameClientSnapshot, mode: 'real' | 'fun'): boolean => s.can({ type: 'mode.set', mode })

export const selectCanStartAutoplay = (s: GameClientSnapshot): boolean =>
  !s.context.stepGame && !selectAutoplayRunning(s) && s.can({ type: 'autoplay.start', settings: { rounds: 1, lossLimit: null, winLimit: null } })

/**
 * Why the next round cannot be played as it stands: the title does not take the currency, the
 * balance does not cover it, or a table's chips add up to less than its minimum or more than its
 * maximum (or there are none).
 */
export function selectStakeProblem(s: GameClientSnapshot): 'unavailable' | 'funds' | 'emptyTable' | 'belowMin' | 'aboveMax' | null {
  const { purse, balance } = s.context
  if (!purse) return null
  if (!purse.limits) return 'unavailable'
  const amount = nextRoundAmount(s.context)
  if (amount === null) return Array.isArray(s.context.bet.bets) ? 'emptyTable' : null
  if (!stakePlayable(purse, amount)) return toMinor(amount, purse.currency) < toMinor(purse.limits.min, purse.currency) ? 'belowMin' : 'aboveMax'
  if (lacksFunds(purse, balance, amount)) return 'funds'
  return null
}

/** The free-spin pack the next spins come from (real money only), or null. */
export const selectFreeSpins = (s: GameClientSnapshot) => freeSpinsOf(s.context.purse)

/** The data-state of the table, for tests (ARCHITECTURE §7 rule 5). */
export function selectDataState(s: GameClientSnapshot): string {
  const screen = selectScreen(s)
  if (screen !== 'table') return `game.${screen}`
  const phase = selectPhase(s)
  return `game.${s.matches({ table: 'idle' }) ? 'idle' : phase}`
}
