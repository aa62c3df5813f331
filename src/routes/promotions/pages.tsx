import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function PromotionsPage() {
  return <SectionPage intro={<Trans>Current promotions.</Trans>} empty={<Trans>There are no promotions right now.</Trans>} />
}

export function PromotionPage() {
  return <SectionPage intro={<Trans>The details of this promotion.</Trans>} empty={<Trans>This promotion is not available.</Trans>} />
}
