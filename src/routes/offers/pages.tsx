import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function OffersPage() {
  return <SectionPage intro={<Trans>Offers you can take right now.</Trans>} empty={<Trans>There are no offers for you at the moment.</Trans>} />
}

export function OfferPage() {
  return <SectionPage intro={<Trans>The details and conditions of this offer.</Trans>} empty={<Trans>This offer is not available.</Trans>} />
}
