import { css } from 'styled-system/css'
import type { BannersContent } from '../../services/api/contract/content'
import { selectCmsSection } from '../../machines/app/app/app.selectors'
import { useAppSelector } from '../app/AppProviders'
import { CtaLink } from '../kit/CtaLink'
import { Image } from '../kit/Image'

export type Banner = BannersContent['banners'][number]

const STRIP_IMAGE = 96
const COMPACT_IMAGE = 64

const strip = css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' } })
const stripCard = css({ display: 'grid', gridTemplateColumns: { base: '64px minmax(0, 1fr)', tablet: '96px minmax(0, 1fr)' }, gap: '4', alignItems: 'center', p: '4', borderRadius: 'lg', bg: 'surface', border: '1px solid', borderColor: 'border' })
const stripImage = css({ w: 'full', h: 'auto', display: 'block' })
const stripBody = css({ display: 'grid', gap: '1.5', minW: '0' })
const stripTitle = css({ textStyle: 'title', overflowWrap: 'anywhere' })
const stripText = css({ color: 'textMuted', fontSize: 'sm' })

const compact = css({ display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', gap: '3', alignItems: 'center', p: '3', mb: '4', borderRadius: 'lg', bg: 'surfaceRaised', border: '1px solid', borderColor: 'border' })

/** The content's banners at one place of the page, in the order the operator wrote them. */
export function useBanners(position: Banner['position']): Banner[] {
  const content = useAppSelector(selectCmsSection('banners'))
  return content?.banners.filter((banner) => banner.position === position) ?? []
}

/** A banner's title (the region's name), its text and its call to action, in the styles of its place. */
export function BannerWords({ banner, titleId, className, titleClass, textClass }: { banner: Banner; titleId: string; className: string; titleClass: string; textClass: string }) {
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

/** The banners of one place as a row of cards (one column on a phone, two from a tablet); nothing without them. */
export function BannerStrip({ position, testId }: { position: Banner['position']; testId: string }) {
  const banners = useBanners(position)
  if (banners.length === 0) return null
  return (
    <ul className={strip} data-testid={testId}>
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

/** The first banner of a place drawn small, inside a form or a dialog (content position 'registration'). */
export function CompactBanner({ position, testId }: { position: Banner['position']; testId: string }) {
  const [banner] = useBanners(position)
  if (!banner) return null
  const titleId = `banner-${banner.id}`
  return (
    <section className={compact} aria-labelledby={titleId} data-testid={testId}>
      <Image src={banner.image} alt="" width={COMPACT_IMAGE} height={COMPACT_IMAGE} fit="contain" className={stripImage} />
      <BannerWords banner={banner} titleId={titleId} className={stripBody} titleClass={stripTitle} textClass={stripText} />
    </section>
  )
}
