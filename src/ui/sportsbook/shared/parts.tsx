// Pieces both sportsbook views draw: a price cell (not a button yet: the betslip makes it one), the
// live score and clock, the start time in the player's locale and time zone.
import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import type { SbEventSummary, SbLive } from '../../../services/api/contract/sportsbook'
import { formatOdds } from '../../../shared/sportsbook/odds'
import { Icon } from '../../icons/Icon'
import { VisuallyHidden } from '../../kit/VisuallyHidden'
import { formatClock, useSportsLabels } from './labels'

// Relative: its visually hidden label stays inside it (and inside a scrolling strip, which would not clip it otherwise).
const cell = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  minW: '14',
  minH: '11',
  px: '2',
  py: '1',
  borderRadius: 'md',
  bg: 'surfaceRaised',
  border: '1px solid token(colors.border)',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 'bold',
  transition: 'background-color 200ms, color 200ms',
  _motionReduce: { transition: 'none' },
  '&[data-flash=up]': { color: 'success', borderColor: 'success', bg: 'successSubtle' },
  '&[data-flash=down]': { color: 'danger', borderColor: 'danger', bg: 'dangerSubtle' },
  '&[data-locked=true]': { color: 'textMuted', opacity: 0.7 },
})
const head = css({ textStyle: 'small', color: 'textMuted', fontWeight: 'normal', lineClamp: 2, textAlign: 'center' })
const value = css({ display: 'inline-flex', alignItems: 'center', gap: '0.5' })

/** One outcome's price; `label` heads it (1/X/2 in a row, the outcome's name on the event page). */
export function PriceCell({ label, fullLabel, price, flash, locked }: { label: string; fullLabel: string; price: number | null; flash?: 'up' | 'down' | undefined; locked: boolean }) {
  const shown = price === null ? '—' : formatOdds(price, 'decimal')
  return (
    <div className={cell} data-testid="sb-price" data-flash={flash} data-locked={locked} data-price={price ?? ''}>
      <span className={head} aria-hidden="true">
        {label}
      </span>
      <span className={value}>
        {locked ? <Icon name="lock" size={14} /> : flash === 'up' ? <Icon name="arrowUp" size={14} /> : flash === 'down' ? <Icon name="arrowDown" size={14} /> : null}
        {locked ? null : <span aria-hidden="true">{shown}</span>}
      </span>
      <VisuallyHidden>{locked ? <Trans>{fullLabel}: suspended</Trans> : `${fullLabel}: ${shown}`}</VisuallyHidden>
    </div>
  )
}

const clockBox = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', whiteSpace: 'nowrap', color: 'danger', fontWeight: 'bold', textStyle: 'small', fontVariantNumeric: 'tabular-nums' })
const liveDot = css({ w: '2', h: '2', borderRadius: 'full', bg: 'danger', flexShrink: 0 })

/** "LIVE 1st half 23:10": the period and, where the sport shows one, the clock. */
export function LiveClock({ live }: { live: SbLive }) {
  const { periodLabel } = useSportsLabels()
  return (
    <span className={clockBox} data-testid="sb-clock">
      <span className={liveDot} aria-hidden="true" />
      <Trans>Live</Trans>
      <span>{periodLabel(live.period)}</span>
      {live.seconds !== null && <span data-testid="sb-clock-time">{formatClock(live.seconds)}</span>}
    </span>
  )
}

/** The start as the player's locale writes it, in their time zone (the server's first render is replaced on hydration). */
export function StartTime({ startsAt, long = false }: { startsAt: string; long?: boolean }) {
  const { i18n } = useLingui()
  const date = new Date(startsAt)
  const today = new Date().toDateString() === date.toDateString()
  const text = Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(i18n.locale, long ? { dateStyle: 'full', timeStyle: 'short' } : today ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(date)
  return (
    <time dateTime={startsAt} suppressHydrationWarning data-testid="sb-start">
      {text}
    </time>
  )
}

/** The polite summary of the last price moves, one line for the whole view (never on each cell). */
export function MovesAnnouncer({ moves }: { moves: { up: number; down: number } | null }) {
  const up = moves?.up ?? 0
  const down = moves?.down ?? 0
  return (
    <VisuallyHidden aria-live="polite" data-testid="sb-moves">
      {moves ? <Trans>Prices changed: {up} up, {down} down.</Trans> : null}
    </VisuallyHidden>
  )
}

export type Flash = 'up' | 'down' | undefined
export const flashOf = (flashes: Readonly<Record<string, 'up' | 'down'>>, id: string): Flash => flashes[id]

export const scoreText = (e: Pick<SbEventSummary, 'live'>): string => (e.live ? `${e.live.score.home}–${e.live.score.away}` : '')
export { cx }
