import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function JackpotsPage() {
  return <SectionPage intro={<Trans>Jackpots growing right now.</Trans>} empty={<Trans>No jackpots are running right now.</Trans>} />
}

export function JackpotPage() {
  return <SectionPage intro={<Trans>One jackpot and its winners.</Trans>} empty={<Trans>This jackpot is not available.</Trans>} />
}
