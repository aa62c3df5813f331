import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function BetsPage() {
  return <SectionPage intro={<Trans>Your bets.</Trans>} empty={<Trans>You have not placed any bets yet.</Trans>} />
}
