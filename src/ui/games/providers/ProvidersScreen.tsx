// The game studios (SPEC §2.1 /providers; DESIGN: studio logos are wordmarks): one card per studio
// with its logo, name and count of games, each a link to the hall narrowed to that studio. Two
// columns on a phone, more as the screen widens. The route reads the studios on the server; this
// view only draws what it is given, and asks the route to read again after a failure.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { EMPTY_HALL_QUERY, searchFromHallQuery } from '../../../machines/games/hall/hall.rules'
import { FALLBACK_IMAGE } from '../../../shared/images'
import type { HallStudio } from '../../app/games'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'

/** What the route's loader gives the page: the studios, or null when they could not be read. */
export interface ProvidersData {
  readonly studios: readonly HallStudio[] | null
}

/** What the page shows: the cards, the empty state, the failure, or placeholders while it reads again. */
export type ProvidersView = 'studios' | 'empty' | 'failed' | 'loading'

/** The studios worth a card: one without games would lead to an empty hall. */
export function listedStudios(studios: readonly HallStudio[]): HallStudio[] {
  return studios.filter((s) => s.games > 0)
}

/** The hall narrowed to one studio, in the hall's own address format (?providers=a,b). */
export function studioHallHref(sysname: string): string {
  return `/gamehall?${searchFromHallQuery({ ...EMPTY_HALL_QUERY, providers: [sysname] })}`
}

const root = css({ maxW: '1200px', mx: 'auto', px: { base: '3', tablet: '6' }, pt: { base: '4', tablet: '8' }, pb: '10', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })
const heading = css({ textStyle: 'display' })
const intro = css({ color: 'textMuted', fontSize: 'md', maxW: '65ch', mt: '-2' })
const grid = css({
  display: 'grid',
  gap: { base: '3', tablet: '4' },
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', tablet: 'repeat(3, minmax(0, 1fr))', laptop: 'repeat(4, minmax(0, 1fr))', desktop: 'repeat(5, minmax(0, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
  '& > li': { display: 'grid', minW: 0 },
})
const card = css({
  display: 'grid',
  gridTemplateRows: 'auto auto 1fr',
  gap: '1',
  p: { base: '2', tablet: '3' },
  minW: 0,
  borderRadius: 'lg',
  bg: 'surface',
  color: 'text',
  textDecoration: 'none',
  border: '1px solid token(colors.border)',
  transition: 'transform 120ms ease, border-color 120ms ease',
  _hover: { borderColor: 'borderStrong', transform: 'translateY(-2px)' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none', _hover: { transform: 'none' } },
})
// The logos are 2:1 wordmarks: the box keeps that ratio before the image arrives, so nothing moves.
const logoBox = css({ position: 'relative', aspectRatio: '2 / 1', borderRadius: 'md', bg: 'surfaceRaised', overflow: 'hidden', mb: '1' })
const logo = css({ position: 'absolute', inset: 0, w: 'full', h: 'full', objectFit: 'contain' })
// Two lines at most, always two tall: a long name wraps on a phone and the cards keep one height.
const name = css({ textStyle: 'label', lineClamp: 2, minH: { base: '2lh', tablet: 'auto' }, overflowWrap: 'anywhere', m: 0 })
// At the card's foot: cards in a row share one height, whatever their names' lengths.
const count = css({ textStyle: 'small', color: 'textMuted', fontVariantNumeric: 'tabular-nums', alignSelf: 'end' })
const emptyBox = css({ display: 'grid', justifyItems: 'center', gap: '3', p: '8', textAlign: 'center', borderRadius: 'lg', border: '1px dashed token(colors.border)' })

export function ProvidersScreen({ data, onRetry, retrying = false }: { data: ProvidersData; onRetry: () => void; retrying?: boolean }) {
  const headingId = useId()
  const studios = data.studios === null ? null : listedStudios(data.studios)
  const view: ProvidersView = retrying ? 'loading' : studios === null ? 'failed' : studios.length === 0 ? 'empty' : 'studios'
  return (
    <section className={root} data-testid="providers-page" data-view={view} aria-labelledby={headingId}>
      <h1 id={headingId} className={heading}>
        <Trans>Game providers</Trans>
      </h1>
      <p className={intro}>
        <Trans>The studios behind our games.</Trans>
      </p>
      {view === 'loading' ? (
        <ul className={grid} aria-busy="true" aria-labelledby={headingId}>
          {Array.from({ length: studios?.length || 4 }, (_, i) => (
            <li key={i}>
              <StudioCardSkeleton />
            </li>
          ))}
        </ul>
      ) : view === 'failed' ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>We could not load the game studios.</Trans>
        </LoadFailed>
      ) : view === 'empty' ? (
        <div className={emptyBox} role="status" data-testid="providers-empty">
          <p className={css({ textStyle: 'title' })}>
            <Trans>No providers to show yet.</Trans>
          </p>
          <p className={css({ color: 'textMuted' })}>
            <Trans>Every game we have is in the games hall.</Trans>
          </p>
          <Link to="/gamehall" className={button({ variant: 'primary' })}>
            <Trans>Browse all games</Trans>
          </Link>
        </div>
      ) : (
        <ul className={grid} aria-labelledby={headingId} data-testid="providers-list">
          {studios!.map((studio, i) => (
            <li key={studio.sysname}>
              <StudioCard studio={studio} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function StudioCard({ studio, eager }: { studio: HallStudio; eager: boolean }) {
  const { t } = useLingui()
  const id = useId()
  const [failed, setFailed] = useState(false)
  const studioName = studio.name
  return (
    // The link is named by the studio and its count; the logo's alt text serves those browsing images.
    <Link to={studioHallHref(studio.sysname)} className={card} aria-labelledby={`${id}-name ${id}-count`} data-testid="provider-card" data-provider={studio.sysname}>
      <span className={logoBox}>
        {studio.image ? (
          <img
            className={logo}
            src={failed ? FALLBACK_IMAGE : studio.image.x1}
            srcSet={failed ? undefined : `${studio.image.x1} 1x, ${studio.image.x2} 2x`}
            width={160}
            height={80}
            alt={t`${studioName} logo`}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setFailed(true)}
          />
        ) : null}
      </span>
      <h2 id={`${id}-name`} className={name}>
        {studio.name}
      </h2>
      <span id={`${id}-count`} className={count}>
        <Plural value={studio.games} one="# game" other="# games" />
      </span>
    </Link>
  )
}

/** A card's place while the studios are read again: the same box, so nothing jumps. */
function StudioCardSkeleton() {
  return (
    <div className={card} aria-hidden="true" data-testid="provider-card-skeleton">
      <span className={logoBox}>
        <Skeleton width="100%" height="100%" className={logo} />
      </span>
      <Skeleton width="70%" height="1rem" />
      <Skeleton width="40%" height="0.875rem" />
    </div>
  )
}
