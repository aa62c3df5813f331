// The home page's "Live now" strip (DESIGN 'Home': live events strip with odds): the first six live
// events, each a card linking to its event page. It is the board flow with a fixed query (live, six
// events), read in the browser: the home page's cached first render holds no live scores.
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { boardMachine } from '../../../machines/sportsbook/board/board.machine'
import { EMPTY_BOARD_QUERY } from '../../../machines/sportsbook/board/board.rules'
import { selectBoardView, selectFlashes, selectLive } from '../../../machines/sportsbook/board/board.selectors'
import type { BoardQuery } from '../../../machines/sportsbook/board/board.types'
import type { SbEventSummary } from '../../../services/api/contract/sportsbook'
import { useFlowActor } from '../../app/useFlowActor'
import { Skeleton } from '../../kit/Skeleton'
import { useSportsLabels } from '../shared/labels'
import { EventStatus, PriceCell, pickOf } from '../shared/parts'

export const LIVE_RAIL_SIZE = 6
const LIVE_QUERY: BoardQuery = { ...EMPTY_BOARD_QUERY, status: 'live' }

const root = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', minW: 0 })
const head = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' })
const title = css({ textStyle: 'heading' })
const seeAll = css({ color: 'accent', fontWeight: 'bold', textStyle: 'small' })
const strip = css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: { base: '82%', tablet: 'minmax(280px, 1fr)' }, gap: '3', overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: '1', scrollSnapType: 'x mandatory', minH: '44' })
const card = css({ scrollSnapAlign: 'start', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '2', minW: 0, p: '3', bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)', minH: '44', alignContent: 'space-between' })
const meta = css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center', gap: '2', textStyle: 'small', color: 'textMuted', '& > span:last-child': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'right' } })
const teams = css({ display: 'grid', gap: '1', color: 'text', textDecoration: 'none', fontWeight: 'bold', _hover: { textDecoration: 'underline' } })
const team = css({ display: 'flex', justifyContent: 'space-between', gap: '2', '& > span:first-child': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } })
const score = css({ color: 'accent', fontVariantNumeric: 'tabular-nums' })
const prices = css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '2' })
const note = css({ color: 'textMuted', p: '4', bg: 'surface', borderRadius: 'lg', border: '1px dashed token(colors.border)' })

function LiveCard({ event, flashes }: { event: SbEventSummary; flashes: Readonly<Record<string, 'up' | 'down'>> }) {
  const { shortOutcome, outcomeLabel, sportName } = useSportsLabels()
  const main = event.main
  return (
    <li className={card} data-testid="live-rail-card" data-sport={event.sport}>
      <div className={meta}>
        <EventStatus event={event} before={<span />} />
        <span>
          {sportName(event.sport)} · {event.league.name}
        </span>
      </div>
      <Link to={`/betting/event/${event.id}`} className={teams}>
        <span className={team}>
          <span>{event.home.name}</span>
          <span className={score}>{event.live?.score.home}</span>
        </span>
        <span className={team}>
          <span>{event.away.name}</span>
          <span className={score}>{event.live?.score.away}</span>
        </span>
      </Link>
      {main && main.outcomes.length > 0 ? (
        <div className={prices}>
          {main.outcomes.map((o) => (
            <PriceCell key={o.id} label={shortOutcome(o.key)} fullLabel={outcomeLabel(event, main, o.key)} price={o.price} flash={flashes[o.id]} locked={event.suspended || main.status !== 'open' || o.price === null} pick={pickOf(event, main, o)} />
          ))}
        </div>
      ) : (
        <p className={css({ textStyle: 'small', color: 'textMuted' })}>
          <Trans>No prices right now</Trans>
        </p>
      )}
    </li>
  )
}

export function LiveNowRail() {
  const actor = useFlowActor(boardMachine, { input: { query: LIVE_QUERY, pageSize: LIVE_RAIL_SIZE } })
  const view = useSelector(actor, selectBoardView)
  const live = useSelector(actor, selectLive)
  const flashes = useSelector(actor, selectFlashes)
  const events = live?.events.slice(0, LIVE_RAIL_SIZE) ?? []
  return (
    <section className={root} aria-labelledby="live-rail-head" data-testid="live-rail" data-state={`board.${view}`}>
      <div className={head}>
        <h2 id="live-rail-head" className={title}>
          <Trans>Live now</Trans>
        </h2>
        <Link to="/betting?status=live" className={seeAll}>
          <Trans>See all</Trans>
        </Link>
      </div>
      {view === 'lists' && events.length > 0 ? (
        <ul className={strip}>
          {events.map((e) => (
            <LiveCard key={e.id} event={e} flashes={flashes} />
          ))}
        </ul>
      ) : view === 'loading' ? (
        <ul className={strip} aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className={card}>
              <Skeleton width="50%" height="0.8em" />
              <Skeleton width="80%" />
              <Skeleton width="70%" />
              <Skeleton height="44px" />
            </li>
          ))}
        </ul>
      ) : (
        <p className={note}>
          <Trans>No live events right now.</Trans>{' '}
          <Link to="/betting" className={seeAll}>
            <Trans>See upcoming events</Trans>
          </Link>
        </p>
      )}
    </section>
  )
}
