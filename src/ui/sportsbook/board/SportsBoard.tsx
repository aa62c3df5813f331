// The sportsbook board (/betting; DESIGN 'Sportsbook'): the sports as a side column on desktop and a
// row of chips on phones, the league and live/upcoming filters, a team search, then "Live now" and
// "Upcoming", each grouped by league. It draws the board flow (src/machines/sportsbook/board) and
// sends it the player's changes; the address is written when the flow says, and read back when it moves.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { memo, useEffect, useId, useMemo } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { BetslipColumn, BetslipSheet } from '../betslip/Betslip'
import { css } from 'styled-system/css'
import { boardMachine } from '../../../machines/sportsbook/board/board.machine'
import { boardQueryFromSearch, sameBoardQuery, searchFromBoardQuery } from '../../../machines/sportsbook/board/board.rules'
import { selectBoardView, selectBusy, selectFlashes, selectLive, selectMoves, selectQuery, selectTyped, selectUpcoming } from '../../../machines/sportsbook/board/board.selectors'
import { BOARD_ADDRESS_CHANGED, BOARD_PAGE_SIZE, BOARD_QUERY_MAX, type BoardList, type BoardQuery } from '../../../machines/sportsbook/board/board.types'
import type { SbSport } from '../../../services/api/contract/sportsbook'
import { SPORTS, type Sport } from '../../../shared/sportsbook/markets'
import type { BoardData } from '../../app/sportsbook'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { Icon } from '../../icons/Icon'
import { LoadFailed } from '../../kit/LoadFailed'
import { Button } from '../../kit/Button'
import { useRevealed } from '../../kit/useRevealed'
import { EventRow, EventRowSkeleton } from '../shared/EventRow'
import { useSportsLabels } from '../shared/labels'
import { MovesAnnouncer } from '../shared/parts'

export function boardHref(query: BoardQuery): string {
  const search = searchFromBoardQuery(query).toString()
  return `/betting${search ? `?${search}` : ''}`
}

const root = css({
  maxW: '1400px',
  mx: 'auto',
  px: { base: '3', tablet: '6' },
  pb: '10',
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', laptop: '220px minmax(0, 1fr)', laptopLg: '220px minmax(0, 1fr) 320px' },
  gap: { base: '3', laptop: '6' },
  alignItems: 'start',
})
const side = css({ position: { laptop: 'sticky' }, top: { laptop: 'calc(var(--header-height, 0px) + 16px)' }, pt: { base: '3', laptop: '8' } })
const navList = css({
  display: 'flex',
  flexDirection: { base: 'row', laptop: 'column' },
  gap: '1',
  overflowX: { base: 'auto', laptop: 'visible' },
  listStyle: 'none',
  m: 0,
  p: 0,
  pb: { base: '1', laptop: 0 },
  scrollbarWidth: 'thin',
})
const navLink = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  whiteSpace: 'nowrap',
  minH: '10',
  px: '3',
  borderRadius: 'md',
  color: 'text',
  textDecoration: 'none',
  bg: { base: 'surface', laptop: 'transparent' },
  border: { base: '1px solid token(colors.border)', laptop: 'none' },
  _hover: { bg: 'surfaceRaised' },
  '&[aria-current=page]': { bg: 'accent', color: 'accentText', borderColor: 'accent' },
})
const countBadge = css({ textStyle: 'small', fontVariantNumeric: 'tabular-nums', opacity: 0.8 })
const main = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4', pt: { base: '0', laptop: '8' } })
const heading = css({ textStyle: 'display' })
const controls = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'end' })
const searchBox = css({ position: 'relative' })
const searchIcon = css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'textMuted', pointerEvents: 'none', display: 'flex' })
const input = css({ w: 'full', minH: '11', pl: '10', pr: '3', borderRadius: 'md', bg: 'surface', color: 'text', border: '1px solid token(colors.border)', _focusVisible: { outline: '2px solid token(colors.focusRing)', outlineOffset: '1px' } })
const select = css({ w: 'full', minH: '11', px: '3', borderRadius: 'md', bg: 'surface', color: 'text', border: '1px solid token(colors.border)' })
const labelText = css({ display: 'block', textStyle: 'small', color: 'textMuted', mb: '1' })
const tabs = css({ display: 'flex', gap: '2', flexWrap: 'wrap' })
const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '9',
  px: '3',
  borderRadius: 'full',
  border: '1px solid token(colors.border)',
  color: 'text',
  textDecoration: 'none',
  textStyle: 'small',
  fontWeight: 'bold',
  _hover: { bg: 'surfaceRaised' },
  '&[aria-current=page]': { bg: 'accent', color: 'accentText', borderColor: 'accent' },
})
const section = css({ display: 'grid', gap: '3' })
const sectionHead = css({ display: 'flex', alignItems: 'baseline', gap: '2', textStyle: 'heading' })
const leagueHead = css({ textStyle: 'label', color: 'textMuted', mt: '2' })
const rows = css({ display: 'grid', gap: '2', listStyle: 'none', m: 0, p: 0, '&[aria-busy=true]': { opacity: 0.6 } })
const empty = css({ p: '4', bg: 'surface', borderRadius: 'lg', border: '1px dashed token(colors.border)', color: 'textMuted', display: 'grid', gap: '2', justifyItems: 'start' })
const link = css({ color: 'accent', fontWeight: 'bold' })
const showMore = css({ mt: '3' })

function SportNav({ tree, query }: { tree: readonly SbSport[] | null; query: BoardQuery }) {
  const { t } = useLingui()
  const { sportName } = useSportsLabels()
  const live = (sport: Sport) => tree?.find((s) => s.sport === sport)?.live ?? null
  const base: BoardQuery = { ...query, sport: null, league: null }
  return (
    <nav aria-label={t`Sports`} className={side} data-testid="sb-sport-nav">
      <ul className={navList}>
        <li>
          <Link to={boardHref(base)} className={navLink} aria-current={query.sport === null ? 'page' : undefined} data-sport="all">
            <Trans>All sports</Trans>
          </Link>
        </li>
        {SPORTS.map((sport) => {
          const count = live(sport)
          return (
            <li key={sport}>
              <Link to={boardHref({ ...base, sport })} className={navLink} aria-current={query.sport === sport ? 'page' : undefined} data-sport={sport}>
                <span>{sportName(sport)}</span>
                {count ? (
                  <span className={countBadge} aria-label={t`${count} live`}>
                    {count}
                  </span>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** A list's rows grouped by league, in the order the server sent (soonest first). */
function byLeague(events: BoardList['events']) {
  const groups = new Map<string, { name: string; events: BoardList['events'][number][] }>()
  for (const e of events) {
    const g = groups.get(e.league.id) ?? { name: e.league.name, events: [] }
    g.events.push(e)
    groups.set(e.league.id, g)
  }
  return [...groups.entries()]
}

/** A list whose events did not change (the upcoming one while live clocks tick) is not rendered again. */
const EventList = memo(function EventList({ list, flashes, busy, testId }: { list: BoardList; flashes: Readonly<Record<string, 'up' | 'down'>>; busy: boolean; testId: string }) {
  // A screen's worth first, more as the player scrolls to it: drawing a hundred rows while the
  // page loaded blocked a phone for over half a second.
  const { shown, more, end } = useRevealed<HTMLButtonElement>(list.events.length, FIRST_ROWS, ROWS_PER_STEP)
  const left = list.events.length - shown
  return (
    <div data-testid={testId} data-shown={shown} data-total={list.events.length}>
      {byLeague(left > 0 ? list.events.slice(0, shown) : list.events).map(([id, group]) => (
        <div key={id} className={section}>
          <h3 className={leagueHead}>{group.name}</h3>
          <ul className={rows} aria-busy={busy}>
            {group.events.map((e) => (
              <EventRow key={e.id} event={e} flashes={flashes} />
            ))}
          </ul>
        </div>
      ))}
      {left > 0 && (
        <Button ref={end} variant="secondary" size="sm" className={showMore} onClick={more} data-testid="sb-show-more">
          <Trans>Show {left} more</Trans>
        </Button>
      )}
    </div>
  )
})

const FIRST_ROWS = 8
const ROWS_PER_STEP = 12

function Skeletons({ n }: { n: number }) {
  return (
    <ul className={rows} data-testid="sb-skeletons">
      {Array.from({ length: n }, (_, i) => (
        <EventRowSkeleton key={i} />
      ))}
    </ul>
  )
}

export function SportsBoard({ data }: { data: BoardData | null }) {
  const { t } = useLingui()
  const { sportName } = useSportsLabels()
  const location = useLocation()
  const navigate = useNavigate()
  const addressQuery = useMemo(() => boardQueryFromSearch(new URLSearchParams(location.search)), [location.search])
  const actor = useFlowActor(boardMachine, { input: { query: addressQuery, initial: data?.first ?? null, pageSize: BOARD_PAGE_SIZE } })
  const query = useSelector(actor, selectQuery)
  useEmitted(actor, BOARD_ADDRESS_CHANGED, ({ query: next }) => {
    // Typing replaces the address: back leaves the search, not each of its letters.
    const typing = next.text !== query.text && sameBoardQuery({ ...next, text: '' }, { ...query, text: '' })
    void navigate(boardHref(next), { replace: typing, preventScrollReset: true })
  })
  useEffect(() => {
    actor.send({ type: 'board.locate', query: addressQuery })
  }, [actor, addressQuery])

  const view = useSelector(actor, selectBoardView)
  const typed = useSelector(actor, selectTyped)
  const searchId = useId()
  const leagueId = useId()
  const tree = data?.tree ?? null
  const leagues = query.sport ? (tree?.find((s) => s.sport === query.sport)?.leagues ?? []) : []
  const title = query.sport ? sportName(query.sport) : t`Sports betting`

  return (
    <div className={root} data-testid="sb-board" data-state={`board.${view}`}>
      <SportNav tree={tree} query={query} />
      <div className={main}>
        <h1 className={heading}>{title}</h1>
        <div className={controls}>
          <div className={searchBox}>
            <label htmlFor={searchId} className={labelText}>
              <Trans>Search a team</Trans>
            </label>
            <div className={css({ position: 'relative' })}>
              <span className={searchIcon}>
                <Icon name="search" size={18} />
              </span>
              <input
                id={searchId}
                type="search"
                className={input}
                value={typed}
                maxLength={BOARD_QUERY_MAX}
                placeholder={t`Team name`}
                autoComplete="off"
                data-testid="sb-search"
                onChange={(e) => actor.send(e.target.value === '' ? { type: 'board.search.clear' } : { type: 'board.search.change', text: e.target.value })}
              />
            </div>
          </div>
          {leagues.length > 0 && (
            <div>
              <label htmlFor={leagueId} className={labelText}>
                <Trans>League</Trans>
              </label>
              <select id={leagueId} className={select} value={query.league ?? ''} data-testid="sb-league" onChange={(e) => actor.send({ type: 'board.filter', change: { league: e.target.value || null } })}>
                <option value="">{t`All leagues`}</option>
                {leagues.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <nav aria-label={t`Live or upcoming`} className={tabs}>
          <Link to={boardHref({ ...query, status: null })} className={tab} aria-current={query.status === null ? 'page' : undefined} data-testid="sb-status-all">
            <Trans>All</Trans>
          </Link>
          <Link to={boardHref({ ...query, status: 'live' })} className={tab} aria-current={query.status === 'live' ? 'page' : undefined} data-testid="sb-status-live">
            <Trans>Live now</Trans>
          </Link>
          <Link to={boardHref({ ...query, status: 'upcoming' })} className={tab} aria-current={query.status === 'upcoming' ? 'page' : undefined} data-testid="sb-status-upcoming">
            <Trans>Upcoming</Trans>
          </Link>
        </nav>
        <BoardLists actor={actor} query={query} />
      </div>
      <BetslipColumn />
      <BetslipSheet />
    </div>
  )
}

/**
 * What the feed moves: the lists, their flashes and the announcement. Apart from the page's
 * navigation and search, so a live clock's tick each second draws only these (and of the rows,
 * only the ones whose event changed).
 */
function BoardLists({ actor, query }: { actor: ActorRefFrom<typeof boardMachine>; query: BoardQuery }) {
  const view = useSelector(actor, selectBoardView)
  const live = useSelector(actor, selectLive)
  const upcoming = useSelector(actor, selectUpcoming)
  const flashes = useSelector(actor, selectFlashes)
  const moves = useSelector(actor, selectMoves)
  const busy = useSelector(actor, selectBusy)
  return (
    <>
      <MovesAnnouncer moves={moves} />

      {view === 'failed' && (
        <LoadFailed onRetry={() => actor.send({ type: 'board.retry' })}>
          <Trans>We could not load the events.</Trans>
        </LoadFailed>
      )}
      {view === 'loading' && <Skeletons n={5} />}
      {view === 'empty' && (
        <div className={empty} data-testid="sb-empty">
          <p>{query.text ? <Trans>No team matches “{query.text}”.</Trans> : <Trans>No events match these filters.</Trans>}</p>
          <Link to="/betting" className={link}>
            <Trans>Show every sport</Trans>
          </Link>
        </div>
      )}
      {view === 'lists' && (
        <>
          {query.status !== 'upcoming' && (
            <section className={section} aria-labelledby="sb-live-head">
              <h2 id="sb-live-head" className={sectionHead}>
                <Trans>Live now</Trans>
              </h2>
              {live && live.events.length > 0 ? (
                <EventList list={live} flashes={flashes} busy={busy} testId="sb-live-list" />
              ) : (
                <div className={empty} data-testid="sb-live-empty">
                  <p>
                    <Trans>No live events right now.</Trans>
                  </p>
                  <Link to={boardHref({ ...query, status: 'upcoming' })} className={link}>
                    <Trans>See upcoming events</Trans>
                  </Link>
                </div>
              )}
            </section>
          )}
          {query.status !== 'live' && (
            <section className={section} aria-labelledby="sb-upcoming-head">
              <h2 id="sb-upcoming-head" className={sectionHead}>
                <Trans>Upcoming</Trans>
              </h2>
              {upcoming && upcoming.events.length > 0 ? (
                <EventList list={upcoming} flashes={flashes} busy={busy} testId="sb-upcoming-list" />
              ) : (
                <div className={empty} data-testid="sb-upcoming-empty">
                  <p>
                    <Trans>No upcoming events for these filters.</Trans>
                  </p>
                </div>
              )}
            </section>
          )}
        </>
      )}
    </>
  )
}
