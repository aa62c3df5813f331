// How a path of the hall model is played on the real /gamehall and /gamehall/{category}
// (e2e/models/journeys.ts): the model's events as the player's gestures, the server's answers and
// the pause in typing; its states as checks of the hall. The hall's games/get is held until the
// path says the server answered, so `loading` and `loadingMore` can be seen; the real answer is
// then compared with the model's, and the games it names are the ones the grid must show. The
// search debounce runs on the page's clock, frozen from the first keystroke until the model's
// pause, so `typing` can be seen with nothing sent yet.
import { expect, type Page, type Request } from '@playwright/test'
import { hasFilters, hasMore } from '../../src/machines/games/hall/hall.rules'
import { HALL_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type HallEvent, type HallQuery } from '../../src/machines/games/hall/hall.types'
import { leavesOfValue, PageClock, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { hallAddress, offersReset, SEARCH_PAUSE, type HallAnswer, type HallLeaf, type HallSnapshot } from './hall.paths'

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'first' | 'more'

/** games/get from the page itself (not a game's frame): a query's first page, or a next one. */
const gamesGet = (page: Page, next: boolean) => (request: Request) => {
  const url = new URL(request.url())
  return request.method() === 'GET' && url.pathname === '/api/games/get' && request.frame() === page.mainFrame() && (url.searchParams.get('offset') !== '0') === next
}

export type HallServer = ServerGate<Held>
export const installServer = (page: Page): Promise<HallServer> => ServerGate.install<Held>(page, { first: gamesGet(page, false), more: gamesGet(page, true) }, ['first', 'more'])

/** A game as games/get answers it, with what the checks read. */
export interface AnsweredGame {
  readonly sysname: string
  readonly title: string
  readonly type: string
  readonly provider: { readonly sysname: string }
}

const itemsOf = (body: unknown) => (body as { data: { items: AnsweredGame[]; total: number } }).data

/** games/get for the first page of a world's page (the whole hall or a category): what the server rendered at the start. */
export async function firstPageByApi(page: Page, query: HallQuery) {
  if (hasFilters({ ...query, text: '' })) throw new Error('a world opens the whole hall, a category or a search, with nothing else in the address')
  const params = new URLSearchParams({ offset: '0', count: String(HALL_PAGE_SIZE) })
  for (const field of ['sysname', 'title', 'type', 'provider']) params.append('fields', field)
  if (query.category) params.set('category', query.category)
  if (query.text) params.set('query', query.text)
  const res = await page.request.get(`/api/games/get?${params}`)
  expect(res.status(), await res.text()).toBe(200)
  return itemsOf(await res.json())
}

// ── the page ─────────────────────────────────────────────────────────────────

export class HallModel {
  constructor(readonly page: Page) {}
  get hall() {
    return this.page.getByTestId('games-hall')
  }
  get grid() {
    return this.page.getByTestId('hall-grid')
  }
  get cards() {
    return this.grid.getByTestId('game-card')
  }
  get search() {
    return this.page.getByTestId('hall-search')
  }
  get more() {
    return this.page.getByTestId('hall-more')
  }
  /** The category chip marked as the page the player is on. */
  get currentChip() {
    return this.hall.getByRole('navigation').locator('a[aria-current="page"]')
  }

  /** The address shows this query (the path and the query string the hall writes). */
  async seeAddress(query: HallQuery) {
    const address = hallAddress(query)
    await expect(this.page).toHaveURL((url) => `${url.pathname}${url.search}` === address)
  }

  /** The grid shows these games, in this order. */
  async seeGames(sysnames: readonly string[]) {
    await expect(this.cards).toHaveCount(sysnames.length)
    await expect.poll(() => this.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-game')))).toEqual(sysnames)
  }
}

export interface JourneyContext {
  readonly see: HallModel
  readonly server: HallServer
  readonly clock: PageClock
  /** The games the server answered for the query on show, pages in order: what the grid must hold. */
  games: AnsweredGame[]
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  // The clock stops first: nothing is sent until the model's pause.
  'hall.search.change': async (_page, event, { see, clock }) => {
    await clock.freeze()
    await see.search.fill(event.text)
  },
  'hall.search.clear': (page) => page.getByTestId('hall-search-clear').click(),
  'hall.filter': async (page, event) => {
    const { providers, sort, order } = event.change
    if (providers) await page.getByTestId('hall-provider').selectOption(providers[0] ?? '')
    if (sort !== undefined) await page.getByTestId('hall-sort').selectOption(sort ? `${sort}:${order}` : '')
  },
  'hall.reset': (page) => page.getByTestId('hall-reset').click(),
  'hall.locate': () => Promise.reject(new Error('hall.locate is the address moving under the page: no journey plays it')),
  // The grid's end in reach: the page asks for the next games as a player scrolls to them.
  'hall.more': (_page, _event, { see }) => see.more.scrollIntoViewIfNeeded(),
  'hall.retry': (page) => page.getByTestId('load-failed-retry').click(),
} satisfies GestureTable<HallEvent, JourneyContext>

/** The server answers the held page: what the model expects must be what it said. */
async function answerPage(kind: Held, output: Extract<HallAnswer, { output: unknown }>['output'], journey: JourneyContext) {
  const { status, body, request } = await journey.server.release(kind)
  expect(status, 'games/get answers the hall').toBe(200)
  if (!output.ok) throw new Error('the model expects a refusal the real server does not give')
  const answered = itemsOf(body)
  expect(answered.total, 'the total as the catalogue holds it').toBe(output.page.total)
  expect(answered.items.length, 'a page as long as the model expects').toBe(output.page.items.length)
  if (kind === 'more') expect(new URL(request.url()).searchParams.get('offset'), 'the next page starts after the games on show').toBe(String(journey.games.length))
  journey.games = kind === 'more' ? [...journey.games, ...answered.items] : answered.items
}

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadGames': (_page, event, journey) => answerPage('first', event.output, journey),
  'xstate.done.actor.loadMore': (_page, event, journey) => answerPage('more', event.output, journey),
  // The frozen page lives through the pause after the last keystroke, then its time runs again.
  [SEARCH_PAUSE]: async (_page, _event, { clock }) => {
    await clock.runFor(SEARCH_DEBOUNCE_MS)
    await clock.resume()
  },
} satisfies GestureTable<HallAnswer, JourneyContext>

export const perform = (page: Page, event: HallEvent | HallAnswer, journey: JourneyContext) => performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (journey: JourneyContext, snapshot: HallSnapshot) => Promise<void>

/** The games the server answered fit the query: the studio picked, the order, the category. */
function expectGamesFitQuery(games: readonly AnsweredGame[], query: HallQuery) {
  if (query.providers.length) expect(games.filter((g) => !query.providers.includes(g.provider.sysname)), 'only the studio picked').toEqual([])
  if (query.sort === 'name') expect(games.map((g) => g.title), 'A to Z').toEqual(games.map((g) => g.title).sort((a, b) => a.localeCompare(b)))
  if (query.category === 'slots') expect(games.filter((g) => g.type !== 'slot'), 'only slots').toEqual([])
}

export const STATE_CHECKS = {
  // The games of the query, as the server answered them; more to load while the catalogue has more.
  'shown.idle': async ({ see, games }, snapshot) => {
    const { query, items, total } = snapshot.context
    await expect(see.hall).toHaveAttribute('data-view', 'games')
    await expect(see.grid).toHaveAttribute('aria-busy', 'false')
    await see.seeGames(games.map((g) => g.sysname))
    expect(games.length, 'as many games as the model holds').toBe(items.length)
    expectGamesFitQuery(games, query)
    await expect(see.page.getByTestId('hall-count')).toContainText(String(total))
    if (hasMore(items, total)) await expect(see.more).not.toHaveAttribute('aria-busy', 'true')
    else await expect(see.more).toHaveCount(0)
    await expect(see.search).toHaveValue(query.text)
    await expect(see.currentChip).toHaveAttribute('href', hallAddress(query))
    await see.seeAddress(query)
  },
  // The next games come below those on show, the button busy.
  'shown.loadingMore': async ({ see, games }, snapshot) => {
    await expect(see.more).toHaveAttribute('aria-busy', 'true')
    await expect(see.grid.getByTestId('game-card-skeleton').first()).toBeVisible()
    await see.seeGames(games.map((g) => g.sysname))
    await see.seeAddress(snapshot.context.query)
  },
  // Nothing sent while the player types: the games and the address stay as they were.
  typing: async ({ see, games }, snapshot) => {
    await expect(see.search).toHaveValue(snapshot.context.typed)
    await expect(see.grid).toHaveAttribute('aria-busy', 'false')
    await see.seeGames(games.map((g) => g.sysname))
    await see.seeAddress(snapshot.context.query)
  },
  // The new query is in the address; the games of the last one stay on show, marked busy.
  loading: async ({ see, games }, snapshot) => {
    await expect(see.grid).toHaveAttribute('aria-busy', 'true')
    await expect(see.hall).toHaveAttribute('data-view', snapshot.context.items.length > 0 ? 'games' : 'loading')
    await see.seeGames(games.map((g) => g.sysname))
    await see.seeAddress(snapshot.context.query)
  },
  // No game: the way back to every game, when there is something to take off.
  empty: async ({ see }, snapshot) => {
    const { query } = snapshot.context
    await expect(see.hall).toHaveAttribute('data-view', 'empty')
    await expect(see.page.getByTestId('hall-empty')).toBeVisible()
    await expect(see.page.getByTestId('hall-reset')).toHaveCount(offersReset(snapshot) ? 1 : 0)
    await expect(see.cards).toHaveCount(0)
    await expect(see.page.getByTestId('game-card-skeleton')).toHaveCount(0)
    await expect(see.currentChip).toHaveAttribute('href', hallAddress(query))
    await see.seeAddress(query)
  },
} satisfies Record<HallLeaf, Check>

export async function checkState(journey: JourneyContext, snapshot: HallSnapshot) {
  for (const leaf of leavesOfValue(snapshot.value) as HallLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(journey, snapshot)
  }
}
