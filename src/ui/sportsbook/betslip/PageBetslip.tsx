// The betslip on a page without the sportsbook's column (the home page's live strip): the bar and
// its sheet, loaded only once the player has put a price on the slip, so the page's first load
// carries none of the slip's views.
import { lazy, Suspense, useState } from 'react'
import { selectBetslipRef } from '../../../machines/app/app/app.selectors'
import { useAppSelector } from '../../app/AppProviders'
import { useActorValue } from '../../kit/useActorValue'
import type { BetslipRef } from '../shared/parts'

const BetslipSheet = lazy(() => import('./Betslip').then((m) => ({ default: m.BetslipSheet })))
const zero = () => 0

export function PageBetslip() {
  const slip = useAppSelector(selectBetslipRef) as BetslipRef | null
  // Not betslip.selectors' selectCount: that module would join the home page's first load.
  const count = useActorValue(slip, (s) => s.context.selections.length, zero)
  // Once shown it stays: a bet placed empties the slip while its receipt is on screen.
  const [wanted, setWanted] = useState(false)
  if (count > 0 && !wanted) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <BetslipSheet everywhere />
    </Suspense>
  ) : null
}
