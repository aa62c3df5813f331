import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function WinnersPage() {
  return <SectionPage intro={<Trans>The latest big wins on the site.</Trans>} empty={<Trans>No wins to show yet.</Trans>} />
}
