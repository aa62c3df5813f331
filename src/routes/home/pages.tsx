import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useLoaderData } from 'react-router'
import { css } from 'styled-system/css'
import { EMPTY_HOME_DATA, type HomeData } from '../../ui/app/home-games'
import { HomeHero, HomeStrip } from '../../ui/home/HomeBanners'
import { GameRails, ProviderStrip, RecentlyPlayed } from '../../ui/home/GameRails'
import { useAppSelector } from '../../ui/app/AppProviders'
import { selectAccount } from '../../machines/app/app/app.selectors'
import { useRouteHandle } from '../../ui/layout/route-handle'
import { LiveNowRail } from '../../ui/sportsbook/rail/LiveNowRail'
import { PageBetslip } from '../../ui/sportsbook/betslip/PageBetslip'

// Tighter than a SectionPage on a phone: the first rail of games must show above the fold at 360x780.
const section = css({ maxW: '1200px', mx: 'auto', px: { base: '4', tablet: '6' }, pt: { base: '4', tablet: '10' }, pb: { base: '6', tablet: '10' }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { base: '4', tablet: '6' } })
const titleBlock = css({ display: 'grid', gap: '2' })
const heading = css({ textStyle: { base: 'heading', tablet: 'display' } })
const intro = css({ display: { base: 'none', tablet: 'block' }, color: 'textMuted', fontSize: 'md', maxW: '65ch' })

/**
 * The home page (DESIGN: home): the hero, the rails of games, the live events, the studios, then
 * the smaller banners. A player who chose betting at registration gets the live events first.
 */
export function HomePage() {
  const data = (useLoaderData() as HomeData | null) ?? EMPTY_HOME_DATA
  const handle = useRouteHandle()
  const { i18n } = useLingui()
  const betting = useAppSelector((s) => selectAccount(s).is_betting === true)
  return (
    <section className={section} data-testid="page-index" data-emphasis={betting ? 'betting' : 'casino'}>
      <div className={titleBlock}>
        <h1 className={heading}>{handle ? i18n._(handle.title) : null}</h1>
        <p className={intro}>
          <Trans>Casino games and sports betting, with your money always in view.</Trans>
        </p>
      </div>
      <HomeHero />
      {betting && <LiveNowRail />}
      <GameRails rails={data.rails} afterFirst={<RecentlyPlayed />} />
      {!betting && <LiveNowRail />}
      <ProviderStrip providers={data.providers} />
      <HomeStrip />
      <PageBetslip />
    </section>
  )
}
