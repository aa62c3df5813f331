import { css } from 'styled-system/css'
import { BannerStrip, BannerWords, useBanners } from '../banners/Banners'
import { Image } from '../kit/Image'

/** The home section is 1200 px wide less its padding: the widest the hero is drawn. */
export const HERO_WIDTH = 1152
const HERO_HEIGHT = 360

const heroBox = css({ position: 'relative', borderRadius: 'lg', overflow: 'hidden', bg: 'surface' })
const heroImage = css({ w: 'full', h: 'auto', borderRadius: 'lg', display: 'block', bg: 'surface' })
const heroText = css({
  display: 'grid',
  gap: '2',
  p: { base: '3', tablet: '6' },
  // Under the image on a phone, over its lower part from a tablet up.
  position: { base: 'static', tablet: 'absolute' },
  insetX: { tablet: '0' },
  bottom: { tablet: '0' },
  bg: { tablet: 'linear-gradient(to top, rgba(0,0,0,0.75), rgba(0,0,0,0))' },
  color: { tablet: 'white' },
})
const heroTitle = css({ textStyle: { base: 'title', tablet: 'heading' } })
// On a phone the hero keeps its title and button only: the first rail of games shows above the fold.
const heroBannerText = css({ display: { base: 'none', tablet: 'block' }, fontSize: 'md', maxW: '60ch' })

/**
 * The home page's first banner (content position 'home-hero'), drawn as the page's largest image,
 * loaded first. Without one (no content, or every hero banner has finished) the site's own picture.
 */
export function HomeHero() {
  const [banner] = useBanners('home-hero')
  if (!banner)
    return <Image src="/images/home-hero.svg" alt="" width={HERO_WIDTH} height={HERO_HEIGHT} maxWidth={HERO_WIDTH} priority className={heroImage} data-testid="home-hero" />
  const titleId = `banner-${banner.id}`
  return (
    <section className={heroBox} aria-labelledby={titleId} data-testid="home-hero-banner">
      <Image src={banner.image} alt="" width={HERO_WIDTH} height={HERO_HEIGHT} maxWidth={HERO_WIDTH} priority className={heroImage} data-testid="home-hero" />
      <BannerWords banner={banner} titleId={titleId} className={heroText} titleClass={heroTitle} textClass={heroBannerText} />
    </section>
  )
}

/** The row of smaller banners under the hero (content position 'home-strip'); nothing without them. */
export function HomeStrip() {
  return <BannerStrip position="home-strip" testId="home-strip" />
}
