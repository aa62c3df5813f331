import { css } from 'styled-system/css'
import type { BannersContent } from '../../services/api/contract/content'
import { selectCmsSection } from '../../machines/app/app/app.selectors'
import { useAppSelector } from '../app/AppProviders'
import { CtaLink } from '../kit/CtaLink'
import { Image } from '../kit/Image'

type Banner = BannersContent['banners'][number]

/** The home section is 1200 px wide less its padding: the widest the hero is drawn. */
export const HERO_WIDTH = 1152
const HERO_HEIGHT = 360
const STRIP_IMAGE = 96

const heroBox = css({ position: 'relative', borderRadius: 'lg', overflow: 'hidden', bg: 'surface' })
const heroImage = css({ w: 'full', h: 'auto', borderRadius: 'lg', display: 'block', bg: 'surface' })
const heroText = css({
  display: 'grid',
  gap: '2',
  p: { base: '4', tablet: '6' },
  // Under the image on a phone, over its lower part from a tablet up.
  position: { base: 'static', tablet: 'absolute' },
  insetX: { tablet: '0' },
  bottom: { tablet: '0' },
  bg: { tablet: 'linear-gradient(to top, rgba(0,0,0,0.75), rgba(0,0,0,0))' },
  color: { tablet: 'white' },
})
const heroTitle = css({ textStyle: 'heading' })
const bannerText = css({ fontSize: 'md', maxW: '60ch' })
const strip = css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' } })
const stripCard = css({ display: 'grid', gridTemplateColumns: { base: '64px minmax(0, 1fr)', tablet: '96px minmax(0, 1fr)' }, gap: '4', alignItems: 'center', p: '4', borderRadius: 'lg', bg: 'surface', border: '1px solid', borderColor: 'border' })
const stripImage = css({ w: 'full', h: 'auto', display: 'block' })
const stripBody = css({ display: 'grid', gap: '1.5', minW: '0' })
const stripTitle = css({ textStyle: 'title', overflowWrap: 'anywhere' })
const stripText = css({ color: 'textMuted', fontSize: 'sm' })

/** The content's banners at one place of the page, in the order the operator wrote them. */
function useBanners(position: Banner['position']): Banner[] {
  const content = useAppSelector(selectCmsSection('banners'))
  return content?.banners.filter((banner) => banner.position === position) ?? []
}

/** A banner's title (the region's name), its text and its call to action, in the styles of its place. */
function BannerWords({ banner, titleId, className, titleClass, textClass }: { banner: Banner; titleId: string; className: string; titleClass: string; textClass: string }) {
  return (
    <div className={className}>
      <h2 id={titleId} className={titleClass}>
        {banner.title}
      </h2>
      {banner.text ? <p className={textClass}>{banner.text}</p> : null}
      {banner.cta ? <CtaLink href={banner.cta.href} label={banner.cta.label} describedBy={titleId} /> : null}
    </div>
  )
}

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
      <BannerWords banner={banner} titleId={titleId} className={heroText} titleClass={heroTitle} textClass={bannerText} />
    </section>
  )
}

/** The row of smaller banners under the hero (content position 'home-strip'); nothing without them. */
export function HomeStrip() {
  const banners = useBanners('home-strip')
  if (banners.length === 0) return null
  return (
    <ul className={strip} data-testid="home-strip">
      {banners.map((banner) => {
        const titleId = `banner-${banner.id}`
        return (
          <li key={banner.id} className={stripCard}>
            <Image src={banner.image} alt="" width={STRIP_IMAGE} height={STRIP_IMAGE} fit="contain" className={stripImage} />
            <BannerWords banner={banner} titleId={titleId} className={stripBody} titleClass={stripTitle} textClass={stripText} />
          </li>
        )
      })}
    </ul>
  )
}
