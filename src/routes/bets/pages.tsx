import { Trans } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { filterOfPath } from '../../machines/sportsbook/bets/bets.rules'
import type { BetFilter } from '../../machines/sportsbook/bets/bets.types'
import { SectionPage } from '../../ui/layout/SectionPage'
import { SportsBets } from '../../ui/sportsbook/bets/SportsBets'

const pathOf = (filter: BetFilter) => (filter === 'all' ? '/bets' : `/bets/${filter}`)

/** /bets, /bets/open, /bets/settled, /bets/won, /bets/lost, /bets/cashed_out: the path is the filter. */
export function BetsPage() {
  const rest = useParams()['*']
  return (
    <SectionPage intro={<Trans>Your sports bets: what is in play, what they paid, and cash-out while a bet is open.</Trans>}>
      <SportsBets filter={filterOfPath(rest?.split('/')[0])} hrefOf={pathOf} />
    </SectionPage>
  )
}
