import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function LoyaltyPage() {
  return <SectionPage intro={<Trans>Earn points as you play and spend them in the shop.</Trans>} empty={<Trans>The loyalty programme is not active yet.</Trans>} />
}

export function LoyaltyShopPage() {
  return <SectionPage intro={<Trans>Spend your loyalty points.</Trans>} empty={<Trans>The shop has no products yet.</Trans>} />
}

export function LoyaltyProgramPage() {
  return <SectionPage intro={<Trans>One loyalty programme and its levels.</Trans>} empty={<Trans>This programme is not available.</Trans>} />
}
