import { Trans } from '@lingui/react/macro'
import { HomeHero, HomeStrip } from '../../ui/home/HomeBanners'
import { SectionPage } from '../../ui/layout/SectionPage'

export function HomePage() {
  return (
    <SectionPage intro={<Trans>Casino games and sports betting, with your money always in view.</Trans>} empty={<Trans>Games, live events and promotions will appear here.</Trans>}>
      <HomeHero />
      <HomeStrip />
    </SectionPage>
  )
}
