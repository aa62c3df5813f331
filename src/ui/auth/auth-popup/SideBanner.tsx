import { css } from 'styled-system/css'
import type { SideBannerInfo } from '../../../services/api/contract/account'
import { useOfferWords } from '../../cashier/deposit/offer-words'

const banner = css({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: 'lg',
  color: 'white',
  bg: 'accent',
  display: 'grid',
  alignContent: 'end',
  alignSelf: 'start',
  gap: '0.5',
  p: '4',
  minH: '6rem',
  aspectRatio: { tablet: '3 / 4' },
  '[data-banner="compact"] &': { minH: '5rem', aspectRatio: 'auto' },
  // The text sits on a shade, whatever the image behind it.
  _after: { content: '""', position: 'absolute', inset: '0', bg: 'linear-gradient(to top, rgba(0,0,0,0.7), rgba(0,0,0,0.1) 70%)' },
})
const bannerImage = css({ position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover' })
const bannerText = css({ position: 'relative', zIndex: '1', textShadow: '0 1px 2px rgba(0,0,0,0.5)' })
const bannerValue = css({ fontSize: { base: '2xl', tablet: '4xl' }, fontWeight: 'bold', lineHeight: 'tight' })

/**
 * SPEC §2.3: the side banner of the content system (label, figure, line, image) beside the form.
 * A banner that advertises a deposit offer words its figure and line from the offer's data
 * (offer-words.ts, as the cashier does), in `currency`: the one the player is signing up with.
 */
export function SideBanner({ banner: b, currency }: { banner: SideBannerInfo; currency: string }) {
  return (
    <aside className={banner} data-testid="auth-side-banner" data-offer={b.offer?.id} aria-label={b.label}>
      {b.image ? <img className={bannerImage} src={b.image} alt="" width={320} height={240} loading="lazy" decoding="async" /> : null}
      <p className={bannerText}>{b.label}</p>
      {b.offer ? <OfferFigure offer={b.offer} currency={currency} /> : <Figure value={b.value ?? null} line={b.addition ?? null} />}
    </aside>
  )
}

function OfferFigure({ offer, currency }: { offer: NonNullable<SideBannerInfo['offer']>; currency: string }) {
  const words = useOfferWords(offer, currency)
  // An offer of a kind the words do not know yet: its own title says what it is.
  return words.figure ? <Figure value={words.figure} line={words.line} /> : <Figure value={null} line={offer.description.title} />
}

function Figure({ value, line }: { value: string | null; line: string | null }) {
  return (
    <>
      {value ? (
        <p className={`${bannerText} ${bannerValue}`} data-testid="auth-side-banner-value">
          {value}
        </p>
      ) : null}
      {line ? (
        <p className={bannerText} data-testid="auth-side-banner-line">
          {line}
        </p>
      ) : null}
    </>
  )
}
