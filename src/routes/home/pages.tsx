import { Trans } from '@lingui/react/macro'
import { css } from 'styled-system/css'
import { Image } from '../../ui/kit/Image'
import { SectionPage } from '../../ui/layout/SectionPage'

/** The home section is 1200 px wide less its padding: the widest the banner is drawn. */
const HERO_WIDTH = 1152
const hero = css({ w: 'full', h: 'auto', borderRadius: 'lg', display: 'block', bg: 'surface' })

export function HomePage() {
  return (
    <SectionPage intro={<Trans>Casino games and sports betting, with your money always in view.</Trans>} empty={<Trans>Games, live events and promotions will appear here.</Trans>}>
      <Image src="/images/home-hero.svg" alt="" width={HERO_WIDTH} height={360} maxWidth={HERO_WIDTH} priority className={hero} data-testid="home-hero" />
    </SectionPage>
  )
}
