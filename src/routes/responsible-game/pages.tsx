import { Trans } from '@lingui/react/macro'
import { SectionPage } from '../../ui/layout/SectionPage'
import { ResponsibleGamingView } from '../../ui/responsible/deposit-limit/ResponsibleGamingView'

export function ResponsibleGamePage() {
  return (
    <SectionPage intro={<Trans>Play safely: tools and advice to keep gambling fun.</Trans>}>
      <ResponsibleGamingView />
    </SectionPage>
  )
}
