import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function SupportPage() {
  return <SectionPage intro={<Trans>Get help from our team, day and night.</Trans>} empty={<Trans>Support options will appear here.</Trans>} />
}
