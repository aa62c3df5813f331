// The home page's games (DESIGN: home, "rails of games per category with 'see all'"): one rail per
// category, a studio strip, and the player's recently played games. A rail is a row that scrolls
// sideways: on a phone two and a half cards show, so the player sees there is more; on a desktop
// arrow buttons scroll it by a page. The rails come from the route's loader (in the HTML); the
// recently played rail is the player's own, read in the browser after hydration.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import type { HallGame } from '../../machines/games/hall/hall.types'
import { selectIsLoggedIn } from '../../machines/app/app/app.selectors'
import { browserApiClient } from '../../services/api/browser-client'
import { loadRecentlyPlayed, type HomeProvider, type HomeRail } from '../app/home-games'
import { useAppSelector } from '../app/AppProviders'
import { Icon } from '../icons/Icon'
import { GameCard } from '../games/hall/GameCard'

/** Cards of the first rail loaded at once: what a phone shows above the fold (two and a half). */
const PRIORITY_CARDS = 3

/** Rails and studios are wider than the page's text column would let them be, up to the section's edge. */
const railsRoot = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { base: '6', tablet: '8' } })
// A rail below the fold is not laid out or painted until the player scrolls near it: a phone does
// the work of the rails it shows first. The reserved height is a rail's own, so nothing moves.
const rail = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '2',
  contentVisibility: 'auto',
  containIntrinsicSize: { base: 'auto 270px', tablet: 'auto 314px' },
})
const railHead = css({ display: 'flex', alignItems: 'center', gap: '2', minW: 0 })
const railTitle = css({ textStyle: 'title', flex: '1', minW: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const seeAll = css({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  px: '2',
  borderRadius: 'md',
  textStyle: 'label',
  color: 'accent',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
})
// Arrows only where there is a fine pointer to click them; fingers swipe.
const arrows = css({ display: 'none', gap: '1', flex: 'none', '@media (hover: hover) and (pointer: fine)': { display: 'flex' } })
const arrow = css({
  w: '9',
  h: '9',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  bg: 'surface',
  color: 'text',
  border: '1px solid token(colors.border)',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  _disabled: { opacity: 0.4, cursor: 'default', _hover: { borderColor: 'border' } },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
})
const arrowLeft = css({ display: 'inline-flex', transform: 'rotate(90deg)' })
const arrowRight = css({ display: 'inline-flex', transform: 'rotate(-90deg)' })
// Each card 40% of a phone's row (two and a half show), 180 px from a tablet up.
const row = css({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: { base: '40%', tablet: '180px' },
  gap: { base: '3', tablet: '4' },
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollPaddingInline: '0',
  listStyle: 'none',
  m: 0,
  p: 0,
  // Room for the card's hover lift and focus ring inside the scroller, which clips them.
  pt: '1',
  pb: '1',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
  '& > li': { scrollSnapAlign: 'start', minW: 0, display: 'grid' },
})
const providerRow = css({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: { base: '44%', tablet: '200px' },
  gap: { base: '3', tablet: '4' },
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  listStyle: 'none',
  m: 0,
  p: 0,
  pb: '1',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '& > li': { scrollSnapAlign: 'start', minW: 0, display: 'grid' },
})
const providerCard = css({
  display: 'grid',
  gap: '1',
  p: '3',
  borderRadius: 'lg',
  bg: 'surface',
  border: '1px solid token(colors.border)',
  color: 'text',
  _hover: { borderColor: 'borderStrong' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
})
const providerLogo = css({ w: 'full', h: 'auto', aspectRatio: '2 / 1', objectFit: 'contain', borderRadius: 'md', bg: 'surfaceRaised' })
// Two lines at most, always two tall: a long studio name wraps on a phone instead of losing its end.
const providerName = css({ textStyle: 'label', lineClamp: 2, minH: '2lh', overflowWrap: 'anywhere' })
const providerCount = css({ textStyle: 'small', color: 'textMuted' })

/** Where a rail's row stands: at its start, its end, both (everything shows) or neither. */
interface Ends {
  readonly start: boolean
  readonly end: boolean
}

/** The row's ends, a pixel of slack for fractional scroll positions. */
function endsOf(el: HTMLElement): Ends {
  const max = el.scrollWidth - el.clientWidth
  return { start: el.scrollLeft <= 1, end: el.scrollLeft >= max - 1 }
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * A heading with its "See all", and a row of items that scrolls sideways. Before hydration (and
 * until it is measured) the back arrow is off and the forward one on, as a row at its start is.
 */
function Rail({ name, testId, category, seeAllHref, seeAllCount, rowClass = row, children }: { name: string; testId: string; category?: string; seeAllHref?: string; seeAllCount?: number; rowClass?: string; children: ReactNode }) {
  const { t } = useLingui()
  const headingId = useId()
  const listRef = useRef<HTMLUListElement>(null)
  const [ends, setEnds] = useState<Ends>({ start: true, end: false })
  const measure = useCallback(() => {
    const el = listRef.current
    if (el) setEnds(endsOf(el))
  }, [])
  useEffect(() => {
    const el = listRef.current
    if (!el) return
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    resized?.observe(el)
    return () => {
      el.removeEventListener('scroll', measure)
      resized?.disconnect()
    }
  }, [measure])
  const page = (direction: 1 | -1) => {
    const el = listRef.current
    if (!el) return
    el.scrollBy({ left: direction * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' })
  }
  return (
    <section className={rail} aria-labelledby={headingId} data-testid={testId} data-category={category}>
      <div className={railHead}>
        <h2 id={headingId} className={railTitle}>
          {name}
        </h2>
        {seeAllHref ? (
          <Link to={seeAllHref} className={seeAll} aria-describedby={headingId} data-testid="home-rail-see-all">
            <Trans>See all {seeAllCount}</Trans>
          </Link>
        ) : null}
        <div className={arrows}>
          <button type="button" className={arrow} onClick={() => page(-1)} disabled={ends.start} aria-label={t`Scroll ${name} back`} data-testid="home-rail-prev">
            <span className={arrowLeft}>
              <Icon name="chevronDown" size={18} />
            </span>
          </button>
          <button type="button" className={arrow} onClick={() => page(1)} disabled={ends.end} aria-label={t`Scroll ${name} forward`} data-testid="home-rail-next">
            <span className={arrowRight}>
              <Icon name="chevronDown" size={18} />
            </span>
          </button>
        </div>
      </div>
      <ul ref={listRef} className={rowClass} aria-label={name} data-testid="home-rail-list">
        {children}
      </ul>
    </section>
  )
}

function GamesRow({ games, priority }: { games: readonly HallGame[]; priority: boolean }) {
  return games.map((game, index) => (
    <li key={game.sysname}>
      <GameCard game={game} priority={priority && index < PRIORITY_CARDS} urgent={priority && index < PRIORITY_CARDS} />
    </li>
  ))
}

/**
 * One rail per category the loader found games in; the first one's first cards load at once.
 * `afterFirst` goes under the first rail: the player's recently played games arrive after
 * hydration, and there, below a phone's fold, their arrival moves nothing the player is looking at.
 */
export function GameRails({ rails, afterFirst }: { rails: readonly HomeRail[]; afterFirst?: ReactNode }) {
  if (rails.length === 0) return afterFirst ?? null
  return (
    <div className={railsRoot} data-testid="home-rails">
      {rails.map((r, index) => (
        <Fragment key={r.category}>
          <Rail name={r.name} testId="home-rail" category={r.category} seeAllHref={`/gamehall/${r.category}`} seeAllCount={r.total}>
            <GamesRow games={r.games} priority={index === 0} />
          </Rail>
          {index === 0 ? afterFirst : null}
        </Fragment>
      ))}
    </div>
  )
}

/** The studios: each logo leads to the hall filtered by that studio. */
export function ProviderStrip({ providers }: { providers: readonly HomeProvider[] }) {
  const { t } = useLingui()
  if (providers.length === 0) return null
  return (
    <Rail name={t`Game studios`} testId="home-providers" rowClass={providerRow}>
      {providers.map((p) => (
        <li key={p.sysname}>
          <Link to={`/gamehall?providers=${encodeURIComponent(p.sysname)}`} className={providerCard} data-testid="home-provider" data-provider={p.sysname}>
            {p.image ? <img className={providerLogo} src={p.image.x1} srcSet={`${p.image.x1} 1x, ${p.image.x2} 2x`} width={160} height={80} alt="" loading="lazy" decoding="async" /> : null}
            <span className={providerName}>{p.name}</span>
            <span className={providerCount}>
              <Plural value={p.games} one="# game" other="# games" />
            </span>
          </Link>
        </li>
      ))}
    </Rail>
  )
}

/**
 * The player's recently played games, newest first. Only for a logged-in player: a visitor's demo
 * rounds live in a cookie purse that few visitors know they have, and the cached HTML is the same
 * for everyone, so the rail is read in the browser once the session is known.
 */
export function RecentlyPlayed({ load = loadRecentlyPlayed }: { load?: typeof loadRecentlyPlayed }) {
  const { t } = useLingui()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const [games, setGames] = useState<readonly HallGame[]>([])
  useEffect(() => {
    if (!loggedIn) {
      setGames([])
      return
    }
    let live = true
    load(browserApiClient())
      .then((read) => {
        if (live) setGames(read)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [loggedIn, load])
  if (!loggedIn || games.length === 0) return null
  return (
    <Rail name={t`Recently played`} testId="home-recent">
      <GamesRow games={games} priority={false} />
    </Rail>
  )
}
