import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function ProvidersPage() {
  return <SectionPage intro={<Trans>The studios behind our games.</Trans>} empty={<Trans>No providers to show yet.</Trans>} />
}
