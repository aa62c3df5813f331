// Pieces both sportsbook views draw: a price cell (a toggle that puts its outcome on the betslip),
// the live score and clock, the start time in the player's locale and time zone.
import { Trans, useLingui } from '@lingui/react/macro'
import { memo, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { SbEventSummary, SbLive } from '../../../services/api/contract/sportsbook'
import type { ActorRefFrom } from 'xstate'
import { selectBetslipRef } from '../../../machines/app/app/app.selectors'
import type { betslipMachine } from '../../../machines/sportsbook/betslip/betslip.machine'
import { onSlip } from '../../../machines/sportsbook/betslip/betslip.rules'
import { isOver } from '../../../machines/sportsbook/live.rules'
import type { SlipPick } from '../../../machines/sportsbook/betslip/betslip.types'
import { formatOdds, type OddsFormat } from '../../../shared/sportsbook/odds'
import { useAppSelector } from '../../app/AppProviders'
import { Icon } from '../../icons/Icon'
import { useActorValue } from '../../kit/useActorValue'
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
  // The outcome's label too: its muted grey on the accent fill was hard to read.
  '&[aria-pressed=true]': { bg: 'accent', color: 'accentText', borderColor: 'accent', '& > span:first-child': { color: 'inherit' } },
  '&:is(button)': { cursor: 'pointer', font: 'inherit', _hover: { borderColor: 'accent' }, _disabled: { cursor: 'not-allowed' } },
  _focusVisible: { outline: '2px solid token(colors.focusRing)', outlineOffset: '2px' },
})
const head = css({ textStyle: 'small', color: 'textMuted', fontWeight: 'normal', lineClamp: 2, textAlign: 'center' })
const value = css({ display: 'inline-flex', alignItems: 'center', gap: '0.5' })

export type BetslipRef = ActorRefFrom<typeof betslipMachine>

interface PriceCellProps {
  label: string
  fullLabel: string
  price: number | null
  flash?: 'up' | 'down' | undefined
  locked: boolean
  /** The outcome as the betslip takes it; with it the cell is a toggle. */
  pick?: SlipPick
}

/** Equal props, the pick compared field by field (a row builds it anew on every render). */
function samePriceCell(a: PriceCellProps, b: PriceCellProps): boolean {
  const keys = Object.keys(a) as (keyof PriceCellProps)[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((k) => (k === 'pick' ? shallowEqual(a.pick, b.pick) : a[k] === b[k]))
}

function shallowEqual<T extends object>(a: T | undefined, b: T | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  const keys = Object.keys(a) as (keyof T)[]
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k])
}

/**
 * One outcome's price; `label` heads it (1/X/2 in a row, the outcome's name on the event page).
 * Drawn again only when its own props change: a live row is drawn every second for its clock.
 */
export const PriceCell = memo(function PriceCell(props: PriceCellProps) {
  const ref = useAppSelector(selectBetslipRef) as BetslipRef | null
  const { pick } = props
  const slip = ref && pick ? ref : null
  const { pressed, format } = useSlipCell(slip, pick?.outcomeId ?? null)
  // One element whether or not the slip has come: a board of cells swapped for another kind
  // after hydration was torn down and built again whole, a long task on a phone.
  return (
    <PriceFace
      {...props}
      format={format}
      pressed={pick ? pressed : null}
      onPress={slip && pick ? () => slip.send({ type: 'slip.toggle', pick: { ...pick, price: props.price ?? pick.price } }) : undefined}
    />
  )
}, samePriceCell)

const unpressed = () => false
const decimal = (): OddsFormat => 'decimal'
/**
 * Whether the slip holds the outcome, and the odds format it shows. The server and the hydration
 * pass read the server's snapshot (unpressed, decimal: the slip is the browser's), so the HTML
 * matches; afterwards only the cells whose answer differs are drawn again.
 */
function useSlipCell(slip: BetslipRef | null, outcomeId: string | null): { pressed: boolean; format: OddsFormat } {
  const pressed = useActorValue(slip, (s) => outcomeId !== null && onSlip(s.context.selections, outcomeId), unpressed)
  const format = useActorValue(slip, (s) => s.context.settings.oddsFormat, decimal)
  return { pressed, format }
}

function PriceFace({
  label,
  fullLabel,
  price,
  flash,
  locked,
  format,
  pressed,
  onPress,
}: Omit<PriceCellProps, 'pick'> & {
  format: OddsFormat
  pressed: boolean | null
  onPress: (() => void) | undefined
}) {
  const shown = price === null ? '—' : formatOdds(price, format)
  const body = (
    <>
      <span className={head} aria-hidden="true">
        {label}
      </span>
      <span className={value}>
        {locked ? <Icon name="lock" size={14} /> : flash === 'up' ? <Icon name="arrowUp" size={14} /> : flash === 'down' ? <Icon name="arrowDown" size={14} /> : null}
        {locked ? null : <span aria-hidden="true">{shown}</span>}
      </span>
      <VisuallyHidden>{locked ? <Trans>{fullLabel}: suspended</Trans> : `${fullLabel}: ${shown}`}</VisuallyHidden>
    </>
  )
  if (pressed === null) {
    return (
      <div className={cell} data-testid="sb-price" data-flash={flash} data-locked={locked} data-price={price ?? ''}>
        {body}
      </div>
    )
  }
  // A suspended price cannot be added, but one on the slip can still be taken off.
  return (
    <button type="button" className={cell} data-testid="sb-price" data-flash={flash} data-locked={locked} data-price={price ?? ''} aria-pressed={pressed} disabled={locked && !pressed} onClick={onPress}>
      {body}
    </button>
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

const endedBox = css({ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap', color: 'textMuted', fontWeight: 'bold', textStyle: 'small' })

/**
 * Where a listed event stands: "Ended" once it is over (a list keeps the row in place until it
 * loads again), the live clock while it runs, and otherwise `before` (its start, or nothing).
 */
export function EventStatus({ event, before }: { event: Pick<SbEventSummary, 'status' | 'live'>; before: ReactNode }) {
  if (isOver(event.status)) {
    return (
      <span className={endedBox} data-testid="sb-ended-label">
        <Trans>Ended</Trans>
      </span>
    )
  }
  return event.status === 'live' && event.live ? <LiveClock live={event.live} /> : before
}

const START_STYLES = {
  long: { dateStyle: 'full', timeStyle: 'short' },
  today: { hour: '2-digit', minute: '2-digit' },
  later: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
const startFormats = new Map<string, Intl.DateTimeFormat>()
/** One formatter per locale and style: making one per row cost a board about a millisecond a row. */
function startFormat(locale: string, style: keyof typeof START_STYLES): Intl.DateTimeFormat {
  const key = `${locale}|${style}`
  let format = startFormats.get(key)
  if (!format) startFormats.set(key, (format = new Intl.DateTimeFormat(locale, START_STYLES[style])))
  return format
}

/** The start as the player's locale writes it, in their time zone (the server's first render is replaced on hydration). */
export function StartTime({ startsAt, long = false }: { startsAt: string; long?: boolean }) {
  const { i18n } = useLingui()
  const date = new Date(startsAt)
  const today = new Date().toDateString() === date.toDateString()
  const text = Number.isNaN(date.getTime()) ? '' : startFormat(i18n.locale, long ? 'long' : today ? 'today' : 'later').format(date)
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

/** What a price cell hands the betslip: the outcome with its event, market and the price shown. */
export function pickOf(
  event: Pick<SbEventSummary, 'id' | 'sport' | 'home' | 'away' | 'starts_at' | 'status' | 'suspended'>,
  market: {
    key: string
    kind: SlipPick['marketKind']
    line: number | null
    status: string
  },
  outcome: { id: string; key: string; price: number | null },
): SlipPick | undefined {
  if (outcome.price === null) return undefined
  return {
    outcomeId: outcome.id,
    outcomeKey: outcome.key,
    eventId: event.id,
    sport: event.sport,
    home: event.home.name,
    away: event.away.name,
    startsAt: event.starts_at,
    marketKey: market.key,
    marketKind: market.kind,
    line: market.line,
    price: outcome.price,
    marketOpen: market.status === 'open',
    eventOpen: !event.suspended && (event.status === 'scheduled' || event.status === 'live'),
  }
}
