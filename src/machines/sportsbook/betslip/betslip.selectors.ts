// What the betslip's views read from its snapshot: the step, the rows, the bets with their returns,
// the problems to show, the refusal and the receipt.
import type { SnapshotFrom } from 'xstate'
import type { betslipMachine } from './betslip.machine'
import { chosenSystem, freeBetOf, isSuspended, plansOf, problemsOf, systemsOf, totalsOf } from './betslip.rules'

type Snapshot = SnapshotFrom<typeof betslipMachine>

export type BetslipView = 'restoring' | 'editing' | 'reviewing' | 'placing' | 'placed'

export function selectBetslipView(s: Snapshot): BetslipView {
  if (s.matches({ slip: 'restoring' })) return 'restoring'
  if (s.matches({ slip: 'reviewing' })) return 'reviewing'
  if (s.matches({ slip: 'placing' })) return 'placing'
  if (s.matches({ slip: 'placed' })) return 'placed'
  return 'editing'
}

export const selectSelections = (s: Snapshot) => s.context.selections
export const selectCount = (s: Snapshot) => s.context.selections.length
export const selectOutcomeIds = (s: Snapshot): string => s.context.selections.map((x) => x.outcomeId).join(',')
export const selectMode = (s: Snapshot) => s.context.mode
export const selectStakes = (s: Snapshot) => ({
  stakes: s.context.stakes,
  accumulator: s.context.accumulatorStake,
  system: s.context.systemStake,
})
export const selectSettings = (s: Snapshot) => s.context.settings
export const selectLimits = (s: Snapshot) => s.context.limits
export const selectCurrency = (s: Snapshot) => s.context.currency
export const selectRefusal = (s: Snapshot) => s.context.refusal
export const selectReceipt = (s: Snapshot) => s.context.receipt
export const selectSystems = (s: Snapshot) => systemsOf(s.context)
export const selectSystem = (s: Snapshot) => chosenSystem(s.context)
export const selectProblems = (s: Snapshot) => problemsOf(s.context)
export const selectPlans = (s: Snapshot) => plansOf(s.context)
export const selectTotals = (s: Snapshot) => totalsOf(s.context)
export const selectSuspendedIds = (s: Snapshot): string =>
  s.context.selections
    .filter(isSuspended)
    .map((x) => x.outcomeId)
    .join(',')
/** Whether Place does something now: a visitor's press opens the login. */
export const selectCanPlace = (s: Snapshot) => s.matches({ slip: 'editing' }) && (!s.context.loggedIn || problemsOf(s.context).length === 0)
export const selectLoggedIn = (s: Snapshot) => s.context.loggedIn
export const selectFunding = (s: Snapshot) => s.context.funding
export const selectFreeBet = (s: Snapshot) => s.context.freeBet
/** The free bet stakes the slip now (chosen and on it): no stake to type. */
export const selectStakedByFreeBet = (s: Snapshot) => freeBetOf(s.context) !== null
