// One event in a list (DESIGN 'Sportsbook'): teams, start time or live score and clock, the main
// market's prices. The teams link to the event page; the prices are cells until the betslip comes.
import { Plural, Trans } from '@lingui/react/macro'
import { memo } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import type { SbEventSummary } from '../../../services/api/contract/sportsbook'
import { Skeleton } from '../../kit/Skeleton'
import { useSportsLabels } from './labels'
import { EventStatus, PriceCell, pickOf, StartTime } from './parts'

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 1fr) auto' },
  gap: { base: '2', tablet: '4' },
  alignItems: 'center',
  p: '3',
  bg: 'surface',
  borderRadius: 'lg',
  border: '1px solid token(colors.border)',
})
const meta = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', textStyle: 'small', color: 'textMuted', mb: '1' })
const teams = css({ display: 'grid', gap: '1', color: 'text', textDecoration: 'none', _hover: { '& span[data-team]': { textDecoration: 'underline' } }, _focusVisible: { outline: '2px solid token(colors.focusRing)', outlineOffset: '2px', borderRadius: 'sm' } })
const team = css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontWeight: 'bold', minW: 0, '& > span:first-child': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } })
const score = css({ fontVariantNumeric: 'tabular-nums', color: 'accent', minW: '6', textAlign: 'right' })
const prices = css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '2', minW: { tablet: '60' } })
const more = css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'textMuted' })
const noPrices = css({ textStyle: 'small', color: 'textMuted', textAlign: 'center', py: '2' })

type RowProps = { event: SbEventSummary; flashes: Readonly<Record<string, 'up' | 'down'>> }

/** The same event object, and the same flash on each of its prices: nothing of the row changed. */
const sameRow = (a: RowProps, b: RowProps) => a.event === b.event && (a.flashes === b.flashes || (a.event.main?.outcomes ?? []).every((o) => a.flashes[o.id] === b.flashes[o.id]))

/**
 * Drawn again only when its own event or one of its prices' flashes changes: the board's clocks
 * tick every second and prices move all the time, and a list drawing every row on each change
 * kept a phone's main thread busy for seconds after the page loaded.
 */
export const EventRow = memo(function EventRow({ event, flashes }: RowProps) {
  const { shortOutcome, outcomeLabel } = useSportsLabels()
  const href = `/betting/event/${event.id}`
  const main = event.main
  const locked = event.suspended || main?.status !== 'open'
  const count = event.markets_count
  return (
    <li className={row} data-testid="sb-event-row" data-sport={event.sport} data-event={event.id} data-status={event.status}>
      <div>
        <div className={meta}>
          <EventStatus event={event} before={<StartTime startsAt={event.starts_at} />} />
          <span className={more}>
            <Plural value={count} one="# market" other="# markets" />
          </span>
        </div>
        <Link to={href} className={teams} data-testid="sb-event-link">
          <span className={team}>
            <span data-team="home">{event.home.name}</span>
            {event.live && <span className={score} data-testid="sb-score-home">{event.live.score.home}</span>}
          </span>
          <span className={team}>
            <span data-team="away">{event.away.name}</span>
            {event.live && <span className={score} data-testid="sb-score-away">{event.live.score.away}</span>}
          </span>
        </Link>
      </div>
      {main && main.outcomes.length > 0 ? (
        <div className={prices}>
          {main.outcomes.map((o) => (
            <PriceCell key={o.id} label={shortOutcome(o.key)} fullLabel={outcomeLabel(event, main, o.key)} price={o.price} flash={flashes[o.id]} locked={locked || o.price === null} pick={pickOf(event, main, o)} />
          ))}
        </div>
      ) : (
        <p className={noPrices}>
          <Trans>No prices right now</Trans>
        </p>
      )}
    </li>
  )
}, sameRow)

export function EventRowSkeleton() {
  return (
    <li className={row} aria-hidden="true" data-testid="sb-row-skeleton">
      <div>
        <Skeleton width="40%" height="0.8em" />
        <div className={css({ display: 'grid', gap: '2', mt: '2' })}>
          <Skeleton width="70%" />
          <Skeleton width="60%" />
        </div>
      </div>
      <div className={prices}>
        <Skeleton height="44px" />
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </div>
    </li>
  )
}
