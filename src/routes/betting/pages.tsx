import { Trans } from '@lingui/react/macro'
import { BannerStrip } from '../../ui/banners/Banners'
import { SectionPage } from '../../ui/layout/SectionPage'

export function BettingPage() {
  return (
    <SectionPage intro={<Trans>Pre-match and live sports betting.</Trans>} empty={<Trans>No events are open for betting right now.</Trans>}>
      <BannerStrip position="sports" testId="sports-banners" />
    </SectionPage>
  )
}
