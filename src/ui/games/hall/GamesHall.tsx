// The games hall (/gamehall, /gamehall/{id}; DESIGN: games hall): a sticky bar with the search,
// category chips, a studio select, the order and, for a player, "My favourites"; a grid of cards
// with "load more" (and more loaded as its end scrolls into view). It draws the hall flow (src/machines/games/hall) and sends
// it the player's changes; the address is written when the flow says, and read back when it moves.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useId, useMemo, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { css, cx } from 'styled-system/css'
import { hallMachine } from '../../../machines/games/hall/hall.machine'
import { hallQueryForViewer, hallQueryFromSearch, searchFromHallQuery, sameHallQuery } from '../../../machines/games/hall/hall.rules'
import {
  selectBusy,
  selectCanMore,
  selectEmptyReason,
  selectFailure,
  selectFavouritesOn,
  selectHallView,
  selectHasFilters,
  selectItems,
  selectLoadingMore,
  selectMoreFailed,
  selectQuery,
  selectTotal,
  selectTyped,
} from '../../../machines/games/hall/hall.selectors'
import { HALL_ADDRESS_CHANGED, HALL_PAGE_SIZE, type HallQuery } from '../../../machines/games/hall/hall.types'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { GAME_QUERY_MAX, type GameSort, type SortOrder } from '../../../services/api/contract/game-catalogue'
import type { HallData } from '../../app/games'
import { useAppSelector } from '../../app/AppProviders'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { GameCard, GameCardSkeleton } from './GameCard'

// One column that never grows past the screen: the chips scroll inside it, not the page.
const root = css({ maxW: '1400px', mx: 'auto', px: { base: '3', tablet: '6' }, pb: '10', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })
const heading = css({ textStyle: 'display', pt: { base: '4', tablet: '8' } })
// Sticky from tablets up; on a phone the bar is a third of the screen, so it scrolls away.
const bar = css({
  position: { base: 'static', tablet: 'sticky' },
  top: 'var(--header-height, 0px)',
  zIndex: 5,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '3',
  py: '3',
  bg: 'bg',
  borderBottom: '1px solid token(colors.border)',
})
const controls = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'end' })
const searchBox = css({ position: 'relative', gridColumn: { base: '1 / -1', tablet: 'auto' } })
const searchInput = css({
  w: 'full',
  minH: '11',
  pl: '10',
  pr: '10',
  borderRadius: 'md',
  bg: 'surface',
  color: 'text',
  border: '1px solid token(colors.border)',
  fontSize: 'md',
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '1px' },
  '&::-webkit-search-cancel-button': { display: 'none' },
})
const searchIcon = css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'textMuted', pointerEvents: 'none' })
const clearButton = css({
  position: 'absolute',
  right: '1',
  top: '50%',
  transform: 'translateY(-50%)',
  w: '9',
  h: '9',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'md',
  color: 'textMuted',
  _hover: { color: 'text' },
  _focusVisible: { outline: '2px solid token(colors.accent)' },
})
const selectCss = css({ w: 'full', minH: '11', px: '3', borderRadius: 'md', bg: 'surface', color: 'text', border: '1px solid token(colors.border)', fontSize: 'sm' })
const label = css({ display: 'grid', gap: '1', textStyle: 'small', color: 'textMuted', minW: 0 })
const chips = css({ display: 'flex', gap: '2', overflowX: 'auto', scrollbarWidth: 'none', listStyle: 'none', p: 0, m: 0, '&::-webkit-scrollbar': { display: 'none' } })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '9',
  px: '3',
  borderRadius: 'full',
  whiteSpace: 'nowrap',
  textStyle: 'small',
  fontWeight: 'semibold',
  bg: 'surface',
  color: 'text',
  border: '1px solid token(colors.border)',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid token(colors.accent)', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'accent', color: 'accentText', borderColor: 'accent' },
})
// "My favourites" stays put at the row's start; the category chips scroll beside it.
const filterRow = css({ display: 'flex', alignItems: 'center', gap: '2', minW: 0, '& > nav': { minW: 0, flex: '1' } })
// On, it is tinted rather than filled: beside a filled category chip it must read as a second,
// independent choice; the heart takes the cards' pressed colour.
const favouritesChip = css({
  flexShrink: 0,
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'color-mix(in srgb, var(--colors-accent) 18%, transparent)', borderColor: 'accent', '& svg': { color: '#ff5c7a' } },
})
const divider = css({ flexShrink: 0, alignSelf: 'stretch', w: '1px', my: '1', bg: 'border' })
const count = css({ textStyle: 'small', color: 'textMuted', minH: '5' })
const grid = css({
  display: 'grid',
  gap: { base: '2', tablet: '4' },
  gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', tablet: 'repeat(auto-fill, minmax(168px, 1fr))' },
  listStyle: 'none',
  p: 0,
  m: 0,
  transition: 'opacity 120ms ease',
  '&[aria-busy=true]': { opacity: 0.6 },
})
const more = css({ display: 'grid', justifyItems: 'center', gap: '2', py: '4' })
const emptyBox = css({ display: 'grid', justifyItems: 'center', gap: '3', p: '8', textAlign: 'center', borderRadius: 'lg', border: '1px dashed token(colors.border)' })

/** The sort select's options: the server's order first, then the orders a player asks for. */
const SORTS: readonly { value: string; sort: GameSort | null; order: SortOrder | null }[] = [
  { value: '', sort: null, order: null },
  { value: 'popularity:desc', sort: 'popularity', order: 'desc' },
  { value: 'released:desc', sort: 'released', order: 'desc' },
  { value: 'name:asc', sort: 'name', order: 'asc' },
  { value: 'rtp:desc', sort: 'rtp', order: 'desc' },
]
const sortValue = (q: HallQuery) => SORTS.find((s) => s.sort === q.sort && (s.order === q.order || (s.sort !== null && q.order === null)))?.value ?? ''

/** The address of a query: the category in the path (/gamehall/{id}), the rest in the query string. */
export function hallHref(query: HallQuery): string {
  const search = searchFromHallQuery(query, { categoryInPath: true }).toString()
  return `${query.category ? `/gamehall/${query.category}` : '/gamehall'}${search ? `?${search}` : ''}`
}

export function GamesHall({ data, category }: { data: HallData; category: string | null }) {
  const { t } = useLingui()
  const location = useLocation()
  const navigate = useNavigate()
  const player = useAppSelector(selectIsLoggedIn)
  // A visitor has no favourites: ?favourites=1 shows them every game, and their likes once they log in.
  const addressQuery = useMemo(() => hallQueryForViewer(hallQueryFromSearch(new URLSearchParams(location.search), category), player), [location.search, category, player])
  const actor = useFlowActor(hallMachine, { input: { query: addressQuery, initial: data.first, pageSize: HALL_PAGE_SIZE } })
  const query = useSelector(actor, selectQuery)
  useEmitted(actor, HALL_ADDRESS_CHANGED, ({ query: next }) => {
    // Typing replaces the address: back leaves the search, not each of its letters.
    const typing = next.text !== query.text && sameHallQuery({ ...next, text: '' }, { ...query, text: '' })
    void navigate(hallHref(next), { replace: typing, preventScrollReset: true })
  })
  useEffect(() => {
    actor.send({ type: 'hall.locate', query: addressQuery })
  }, [actor, addressQuery])

  const view = useSelector(actor, selectHallView)
  const items = useSelector(actor, selectItems)
  const total = useSelector(actor, selectTotal)
  const typed = useSelector(actor, selectTyped)
  const busy = useSelector(actor, selectBusy)
  const canMore = useSelector(actor, selectCanMore)
  const loadingMore = useSelector(actor, selectLoadingMore)
  const moreFailed = useSelector(actor, selectMoreFailed)
  const failure = useSelector(actor, selectFailure)
  const hasFilters = useSelector(actor, selectHasFilters)
  const favouritesOn = useSelector(actor, selectFavouritesOn)
  const emptyReason = useSelector(actor, selectEmptyReason)
  const searchId = useId()

  // More games as the grid's end comes near; the button stays for keyboards and old browsers.
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !canMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && actor.send({ type: 'hall.more' }), { rootMargin: '600px 0px' })
    observer.observe(node)
    return () => observer.disconnect()
  }, [actor, canMore])

  const categoryName = data.categories.find((c) => c.sysname === query.category)?.name
  const shownText = query.text
  return (
    <section className={root} data-testid="games-hall" data-view={view}>
      <h1 className={heading}>{categoryName ?? t`Games`}</h1>
      <div className={bar}>
        <div className={controls}>
          <div className={searchBox} role="search">
            <label htmlFor={searchId} className={css({ srOnly: true })}>
              <Trans>Search games</Trans>
            </label>
            <svg className={searchIcon} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <input
              id={searchId}
              className={searchInput}
              type="search"
              inputMode="search"
              enterKeyHint="search"
              autoComplete="off"
              spellCheck={false}
              // The field keeps what the player types; the flow sends a clean, cut copy.
              maxLength={GAME_QUERY_MAX * 4}
              placeholder={t`Search by game or studio`}
              value={typed}
              onChange={(e) => actor.send({ type: 'hall.search.change', text: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && typed) {
                  e.preventDefault()
                  actor.send({ type: 'hall.search.clear' })
                }
              }}
              data-testid="hall-search"
            />
            {typed ? (
              <button type="button" className={clearButton} onClick={() => actor.send({ type: 'hall.search.clear' })} aria-label={t`Clear the search`} data-testid="hall-search-clear">
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
          </div>
          <label className={label}>
            <Trans>Studio</Trans>
            <select
              className={selectCss}
              value={query.providers.length === 1 ? query.providers[0] : ''}
              onChange={(e) => actor.send({ type: 'hall.filter', change: { providers: e.currentTarget.value ? [e.currentTarget.value] : [] } })}
              data-testid="hall-provider"
            >
              <option value="">{t`All studios`}</option>
              {(data.providers ?? []).map((p) => (
                <option key={p.sysname} value={p.sysname}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            <Trans>Order</Trans>
            <select
              className={selectCss}
              value={sortValue(query)}
              onChange={(e) => {
                const picked = SORTS.find((s) => s.value === e.currentTarget.value) ?? SORTS[0]!
                actor.send({ type: 'hall.filter', change: { sort: picked.sort, order: picked.order } })
              }}
              data-testid="hall-sort"
            >
              <option value="">{t`Recommended`}</option>
              <option value="popularity:desc">{t`Most played`}</option>
              <option value="released:desc">{t`Newest`}</option>
              <option value="name:asc">{t`A to Z`}</option>
              <option value="rtp:desc">{t`Highest RTP`}</option>
            </select>
          </label>
        </div>
        <div className={filterRow}>
          {player ? (
            <>
              <button
                type="button"
                className={cx(chip, favouritesChip)}
                aria-pressed={favouritesOn}
                onClick={() => actor.send({ type: 'hall.filter', change: { favourites: !favouritesOn } })}
                data-testid="hall-favourites"
              >
                <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.7 3.8 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.8 1.3-1.7 2.8-2.8 4.8-2.8 3.4 0 5.7 3.2 4.5 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
                    fill={favouritesOn ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinejoin="round"
                  />
                </svg>
                <Trans>My favourites</Trans>
              </button>
              {data.categories.length > 0 ? <span className={divider} aria-hidden="true" /> : null}
            </>
          ) : null}
          {data.categories.length > 0 ? (
            <nav aria-label={t`Categories`}>
              <ul className={chips}>
                <li>
                  <Link to={hallHref({ ...query, category: null })} className={chip} aria-current={query.category === null ? 'page' : undefined} preventScrollReset>
                    <Trans>All games</Trans>
                  </Link>
                </li>
                {data.categories.map((c) => (
                  <li key={c.sysname}>
                    <Link to={hallHref({ ...query, category: c.sysname })} className={chip} aria-current={query.category === c.sysname ? 'page' : undefined} preventScrollReset data-testid="hall-category">
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>

      <p className={count} role="status" aria-live="polite" data-testid="hall-count">
        {total === null || view === 'loading' ? null : shownText ? (
          <Plural value={total} one={`# game for “${shownText}”`} other={`# games for “${shownText}”`} />
        ) : (
          <Plural value={total} one="# game" other="# games" />
        )}
      </p>

      {view === 'failed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'hall.retry' })}>{failure?.code === 'unknown_category' ? <Trans>This category does not exist.</Trans> : undefined}</LoadFailed>
      ) : view === 'empty' ? (
        <div className={emptyBox} data-testid="hall-empty" data-reason={emptyReason}>
          {emptyReason === 'favourites' ? (
            <>
              <p className={css({ textStyle: 'title' })}>{shownText ? <Trans>None of your favourites match “{shownText}”.</Trans> : <Trans>No favourite games here yet.</Trans>}</p>
              <p className={css({ color: 'textMuted', maxW: '44ch' })}>
                <Trans>Tap the heart on a game’s card to add it to your favourites. They will wait for you here.</Trans>
              </p>
            </>
          ) : (
            <>
              <p className={css({ textStyle: 'title' })}>{shownText ? <Trans>No games match “{shownText}”.</Trans> : <Trans>No games match these filters.</Trans>}</p>
              <p className={css({ color: 'textMuted' })}>
                <Trans>Check the spelling, or look through every game.</Trans>
              </p>
            </>
          )}
          {hasFilters ? (
            <Button variant="primary" onClick={() => actor.send({ type: 'hall.reset' })} data-testid="hall-reset">
              <Trans>Show every game</Trans>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className={grid} aria-busy={busy || view === 'loading'} aria-label={t`Games`} data-testid="hall-grid">
          {view === 'loading'
            ? Array.from({ length: 12 }, (_, i) => (
                <li key={i}>
                  <GameCardSkeleton />
                </li>
              ))
            : items.map((game, i) => (
                <li key={game.sysname}>
                  <GameCard game={game} priority={i < 6} urgent={i < 3} />
                </li>
              ))}
          {loadingMore
            ? Array.from({ length: 6 }, (_, i) => (
                <li key={`more-${i}`}>
                  <GameCardSkeleton />
                </li>
              ))
            : null}
        </ul>
      )}

      {view === 'games' && (canMore || loadingMore || moreFailed) ? (
        <div className={more}>
          <div ref={sentinel} aria-hidden="true" />
          {moreFailed ? (
            <p className={cx(css({ color: 'danger', textStyle: 'small' }))} role="alert">
              <Trans>The next games did not load.</Trans>
            </p>
          ) : null}
          <Button variant="secondary" loading={loadingMore} onClick={() => actor.send({ type: moreFailed ? 'hall.retry' : 'hall.more' })} data-testid="hall-more">
            {moreFailed ? <Trans>Try again</Trans> : <Trans>Load more games</Trans>}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
