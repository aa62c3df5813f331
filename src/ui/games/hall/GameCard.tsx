// A game in a grid or a rail: its art, title, studio, RTP and tag, and the ways in (play, demo).
// The whole card is one link to the game page; the demo button is a second, smaller way in.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'react-router'
import { css, cx } from 'styled-system/css'
import type { HallGame } from '../../../machines/games/hall/hall.types'
import { FALLBACK_IMAGE } from '../../../shared/images'
import { Skeleton } from '../../kit/Skeleton'
import { FavouriteButton } from './FavouriteButton'

const card = css({
  position: 'relative',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  minW: 0,
  bg: 'surface',
  borderRadius: 'lg',
  overflow: 'hidden',
  border: '1px solid token(colors.border)',
  transition: 'transform 120ms ease, border-color 120ms ease',
  _hover: { borderColor: 'borderStrong', transform: 'translateY(-2px)' },
  _focusWithin: { borderColor: 'accent' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none', _hover: { transform: 'none' } },
})
const frame = css({ position: 'relative', aspectRatio: '4 / 3', bg: 'surfaceRaised', overflow: 'hidden' })
const art = css({ position: 'absolute', inset: 0, w: 'full', h: 'full', objectFit: 'cover' })
const body = css({ display: 'grid', gap: '0.5', p: { base: '2', tablet: '3' }, minW: 0 })
// Two lines at most, always two lines tall: cards in a row keep one height.
const title = css({ textStyle: 'label', lineClamp: 2, minH: '2lh', overflowWrap: 'anywhere' })
const provider = css({ textStyle: 'small', color: 'textMuted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
// The card's link covers the whole card; the demo button sits above it.
const cover = css({ position: 'absolute', inset: 0, zIndex: 1, borderRadius: 'lg', _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' } })
const badges = css({ position: 'absolute', top: '1.5', left: '1.5', display: 'flex', gap: '1', zIndex: 2, pointerEvents: 'none' })
const badge = css({ px: '1.5', py: '0.5', borderRadius: 'sm', fontSize: 'xs', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: '0.02em', lineHeight: '1.2' })
const badgeNew = css({ bg: 'accent', color: 'accentText' })
// A fixed deep red: white on it reads at 5.6:1 in both themes.
const badgeHot = css({ bg: '#b91c1c', color: 'white' })
// DESIGN: the RTP shows on hover or focus; screen readers always hear it.
const rtpBadge = css({
  position: 'absolute',
  bottom: '1.5',
  right: '1.5',
  zIndex: 2,
  px: '1.5',
  py: '0.5',
  borderRadius: 'sm',
  fontSize: 'xs',
  fontWeight: 'semibold',
  bg: 'rgb(0 0 0 / 0.75)',
  color: 'white',
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
  opacity: 0,
  transition: 'opacity 120ms ease',
  '[data-testid=game-card]:is(:hover, :focus-within) &': { opacity: 1 },
  // Touch screens have no hover: there the figure stays, our titles' stated RTP is worth the corner.
  '@media (hover: none)': { opacity: 1 },
})
const demo = css({
  position: 'relative',
  zIndex: 2,
  justifySelf: 'start',
  mt: '1',
  px: '2',
  py: '1',
  minH: '8',
  borderRadius: 'md',
  textStyle: 'small',
  fontWeight: 'semibold',
  color: 'text',
  bg: 'surfaceRaised',
  border: '1px solid token(colors.border)',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
})

/** The game page's address: `#real` asks to play for money (a visitor is asked to register first). */
export function gamePageHref(sysname: string, mode: 'real' | 'demo'): string {
  return mode === 'real' ? `/game/${sysname}#real` : `/game/${sysname}`
}

/**
 * `priority`: above the fold, so loaded at once rather than lazily; `urgent`: the very first cards,
 * fetched before anything else (a phone's first row, the page's largest paint).
 */
export function GameCard({ game, priority = false, urgent = false }: { game: HallGame; priority?: boolean; urgent?: boolean }) {
  const { t, i18n } = useLingui()
  const [failed, setFailed] = useState(false)
  const rtp = i18n.number(Number(game.rtp) / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const isNew = game.tags.includes('new')
  const isHot = game.tags.includes('hot')
  const name = game.title
  return (
    <article className={card} data-testid="game-card" data-game={game.sysname} aria-label={name}>
      <div className={frame}>
        <img
          className={art}
          src={failed ? FALLBACK_IMAGE : game.image.x1}
          srcSet={failed ? undefined : `${game.image.x1} 1x, ${game.image.x2} 2x`}
          width={240}
          height={180}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={urgent ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
        />
        <span className={badges}>
          {isNew ? <span className={cx(badge, badgeNew)}>{t`New`}</span> : null}
          {isHot ? <span className={cx(badge, badgeHot)}>{t`Hot`}</span> : null}
        </span>
        <FavouriteButton sysname={game.sysname} title={name} />
        <span className={rtpBadge} title={t`Return to player`}>
          <Trans>RTP {rtp}</Trans>
        </span>
      </div>
      <div className={body}>
        <Link to={gamePageHref(game.sysname, 'real')} className={cover} aria-label={t`Play ${name}`} data-testid="game-card-play" />
        <h3 className={title}>{name}</h3>
        <p className={provider}>{game.provider.name}</p>
        {game.demo ? (
          <Link to={gamePageHref(game.sysname, 'demo')} className={demo} aria-label={t`Play ${name} for fun`} data-testid="game-card-demo">
            <Trans>Demo</Trans>
          </Link>
        ) : null}
      </div>
    </article>
  )
}

/** A card's place while its game loads: the same box, so nothing moves when it arrives. */
export function GameCardSkeleton() {
  return (
    <div className={card} aria-hidden="true" data-testid="game-card-skeleton">
      <div className={frame}>
        <Skeleton width="100%" height="100%" className={art} />
      </div>
      <div className={body}>
        <Skeleton width="70%" height="1rem" />
        <Skeleton width="45%" height="0.875rem" />
      </div>
    </div>
  )
}
