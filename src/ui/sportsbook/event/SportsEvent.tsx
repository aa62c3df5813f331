// The sportsbook event page (/betting/event/{id}; DESIGN 'Sportsbook'): a header with the teams,
// league, score and clock (tennis: sets, games, points and who serves; esports: maps and rounds),
// then every market grouped by kind, each group folding away. It draws the event flow
// (src/machines/sportsbook/event); prices are cells until the betslip makes them buttons.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { BetslipColumn, BetslipSheet } from '../betslip/Betslip'
import { sbEventMachine } from '../../../machines/sportsbook/event/event.machine'
import { selectCollapsed, selectEvent, selectEventView, selectFlashes, selectMoves } from '../../../machines/sportsbook/event/event.selectors'
import { isOver } from '../../../machines/sportsbook/live.rules'
import type { SbEvent, SbMarket } from '../../../services/api/contract/sportsbook'
import { SPORT_MARKETS, type MarketKind } from '../../../shared/sportsbook/markets'
import type { EventData } from '../../app/sportsbook'
import { useFlowActor } from '../../app/useFlowActor'
import { Icon } from '../../icons/Icon'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { useSportsLabels } from '../shared/labels'
import { LiveClock, MovesAnnouncer, PriceCell, pickOf, StartTime } from '../shared/parts'

// Beside the event, the betslip's column on wide screens.
const withSlip = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', laptopLg: 'minmax(0, 960px) 320px' }, justifyContent: 'center', gap: '6', px: { laptopLg: '6' }, alignItems: 'start' })
const root = css({ maxW: '960px', mx: 'auto', px: { base: '3', tablet: '6' }, pb: '10', pt: { base: '3', tablet: '8' }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'textMuted', textStyle: 'small', textDecoration: 'none', _hover: { color: 'text' }, '& svg': { transform: 'rotate(90deg)' } })
const header = css({ display: 'grid', gap: '3', p: { base: '4', tablet: '6' }, bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)' })
const leagueLine = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', textStyle: 'small', color: 'textMuted' })
const board = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)', alignItems: 'center', gap: '3' })
const teamName = css({ textStyle: { base: 'label', tablet: 'heading' }, fontWeight: 'bold', overflowWrap: 'break-word', hyphens: 'auto', display: 'flex', alignItems: 'center', gap: '2', minW: 0 })
const scoreBox = css({ textStyle: { base: 'heading', tablet: 'display' }, fontVariantNumeric: 'tabular-nums', textAlign: 'center', whiteSpace: 'nowrap' })
const serverDot = css({ w: '2', h: '2', borderRadius: 'full', bg: 'warning', display: 'inline-block', flexShrink: 0 })
const detail = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center', textStyle: 'small', color: 'textMuted', fontVariantNumeric: 'tabular-nums' })
const status = css({ display: 'flex', justifyContent: 'center' })
const group = css({ bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)', overflow: 'hidden' })
const groupButton = css({
  w: 'full',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '12',
  px: '4',
  bg: 'transparent',
  border: 'none',
  color: 'text',
  textStyle: 'label',
  fontWeight: 'bold',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { bg: 'surfaceRaised' },
  _focusVisible: { outline: '2px solid token(colors.focusRing)', outlineOffset: '-2px' },
  '& [data-chevron]': { transition: 'transform 150ms', _motionReduce: { transition: 'none' } },
  '&[aria-expanded=false] [data-chevron]': { transform: 'rotate(-90deg)' },
})
const groupTitle = css({ display: 'inline-flex', alignItems: 'center', gap: '2' })
const groupBody = css({ display: 'grid', gap: '2', px: '4', pb: '4' })
const line = css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(var(--cols), minmax(0, 1fr))' })
const scores = css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))' })
const note = css({ p: '4', bg: 'surface', borderRadius: 'lg', border: '1px dashed token(colors.border)', color: 'textMuted', textAlign: 'center' })

/** The markets of an event grouped by kind, in the order the sport lists them. */
export function groupMarkets(event: SbEvent): Array<{ kind: MarketKind; markets: SbMarket[] }> {
  const order = SPORT_MARKETS[event.sport].map((m) => m.kind)
  const kinds = [...new Set(event.markets.map((m) => m.kind))].sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return kinds.map((kind) => ({ kind, markets: event.markets.filter((m) => m.kind === kind).sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) }))
}

function EventHeader({ event }: { event: SbEvent }) {
  const live = event.live
  const over = isOver(event.status)
  const d = live?.detail
  const sets = d?.sets ?? []
  const serving = (side: 'home' | 'away') => (d?.server === side && !over ? <span className={serverDot} data-testid={`sb-server-${side}`} title={side} /> : null)
  return (
    <header className={header} data-testid="sb-event-header">
      <div className={leagueLine}>
        <Link to={`/betting?sport=${event.sport}&league=${event.league.id}`} className={back}>
          {event.league.name}
        </Link>
        {event.status === 'scheduled' && <StartTime startsAt={event.starts_at} long />}
      </div>
      <h1 className={css({ srOnly: true })}>
        {event.home.name} – {event.away.name}
      </h1>
      <div className={board}>
        <p className={teamName} style={{ justifyContent: 'flex-end', textAlign: 'right' }}>
          {serving('home')}
          <span data-testid="sb-home">{event.home.name}</span>
        </p>
        <div className={scoreBox} data-testid="sb-score">
          {live ? `${live.score.home} : ${live.score.away}` : <span className={css({ color: 'textMuted' })}>–</span>}
        </div>
        <p className={teamName}>
          <span data-testid="sb-away">{event.away.name}</span>
          {serving('away')}
        </p>
      </div>
      {live && (sets.length > 0 || d?.games || d?.points || d?.rounds) && (
        <div className={detail} data-testid="sb-detail">
          {sets.length > 0 && (
            <span>
              <Trans>Sets</Trans> {sets.map((s) => `${s.home}-${s.away}`).join(' ')}
            </span>
          )}
          {d?.games && (
            <span>
              <Trans>Games</Trans> {d.games.home}-{d.games.away}
            </span>
          )}
          {d?.points && !over && (
            <span data-testid="sb-points">
              <Trans>Points</Trans> {d.points.home}-{d.points.away}
            </span>
          )}
          {d?.rounds && (
            <span>
              <Trans>Rounds</Trans> {d.rounds.home}-{d.rounds.away}
            </span>
          )}
        </div>
      )}
      <div className={status}>
        {over ? (
          <strong data-testid="sb-final">
            <Trans>Final score</Trans>
          </strong>
        ) : live && event.status === 'live' ? (
          <LiveClock live={live} />
        ) : null}
      </div>
    </header>
  )
}

function MarketGroup({ event, kind, markets, collapsed, flashes, onToggle }: { event: SbEvent; kind: MarketKind; markets: SbMarket[]; collapsed: boolean; flashes: Readonly<Record<string, 'up' | 'down'>>; onToggle: () => void }) {
  const { marketTitle, outcomeLabel } = useSportsLabels()
  const { t } = useLingui()
  const bodyId = `sb-market-${kind}`
  const allLocked = event.suspended || markets.every((m) => m.status !== 'open')
  return (
    <section className={group} data-testid="sb-market" data-market={kind} data-locked={allLocked}>
      <h2 className={css({ m: 0 })}>
        <button type="button" className={groupButton} aria-expanded={!collapsed} aria-controls={bodyId} onClick={onToggle} data-testid="sb-market-toggle">
          <span className={groupTitle}>
            {marketTitle(event.sport, kind)}
            {allLocked && <Icon name="lock" size={16} label={t`Suspended`} />}
          </span>
          <span data-chevron="">
            <Icon name="chevronDown" size={18} />
          </span>
        </button>
      </h2>
      <div id={bodyId} className={groupBody} hidden={collapsed} data-testid="sb-market-body">
        {markets.map((m) => {
          const locked = event.suspended || m.status !== 'open'
          const cells = m.outcomes.map((o) => {
            const label = outcomeLabel(event, m, o.key)
            return <PriceCell key={o.id} label={label} fullLabel={label} price={o.price} flash={flashes[o.id]} locked={locked || o.price === null} pick={pickOf(event, m, o)} />
          })
          return kind === 'correct_score' ? (
            <div key={m.id} className={scores}>
              {cells}
            </div>
          ) : (
            <div key={m.id} className={line} style={{ ['--cols' as string]: String(Math.max(1, m.outcomes.length)) }}>
              {cells}
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** `machine`: tests hand in the flow with their own actors. */
export function SportsEvent({ id, data, machine = sbEventMachine }: { id: string; data: EventData | null; machine?: typeof sbEventMachine }) {
  const actor = useFlowActor(machine, { input: { id, initial: data?.event ?? null } })
  const view = useSelector(actor, selectEventView)
  const event = useSelector(actor, selectEvent)
  const flashes = useSelector(actor, selectFlashes)
  const moves = useSelector(actor, selectMoves)
  const collapsed = useSelector(actor, selectCollapsed)
  return (
    <div className={withSlip}>
      <div className={root} data-testid="sb-event" data-state={`event.${view}`}>
      <Link to={event ? `/betting?sport=${event.sport}` : '/betting'} className={back}>
        <Icon name="chevronDown" size={14} />
        <Trans>All events</Trans>
      </Link>
      <MovesAnnouncer moves={moves} />
      {view === 'loading' && (
        <div className={header} aria-hidden="true" data-testid="sb-event-skeleton">
          <Skeleton width="30%" height="0.8em" />
          <Skeleton height="2.5em" />
          <Skeleton height="8em" />
        </div>
      )}
      {view === 'failed' && (
        <LoadFailed onRetry={() => actor.send({ type: 'event.retry' })}>
          <Trans>We could not load this event.</Trans>
        </LoadFailed>
      )}
      {view === 'notFound' && (
        <p className={note}>
          <Trans>This event is no longer on the board.</Trans>
        </p>
      )}
      {event && (view === 'event' || view === 'ended') && (
        <>
          <EventHeader event={event} />
          {view === 'ended' ? (
            <p className={note} data-testid="sb-ended">
              <Trans>This event has ended. Its markets are closed.</Trans>
            </p>
          ) : event.markets.length === 0 ? (
            <p className={note}>
              <Trans>No markets are open right now.</Trans>
            </p>
          ) : (
            groupMarkets(event).map((g) => (
              <MarketGroup key={g.kind} event={event} kind={g.kind} markets={g.markets} collapsed={collapsed.includes(g.kind)} flashes={flashes} onToggle={() => actor.send({ type: 'event.market.toggle', market: g.kind })} />
            ))
          )}
        </>
      )}
      </div>
      <BetslipColumn />
      <BetslipSheet />
    </div>
  )
}
