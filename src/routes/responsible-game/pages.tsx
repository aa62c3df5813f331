import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'

export function ResponsibleGamePage() {
  return <SectionPage intro={<Trans>Play safely: tools and advice to keep gambling fun.</Trans>} empty={<Trans>Responsible gaming tools will appear here.</Trans>} />
}
