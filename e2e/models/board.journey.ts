// How a path of the board model is played on the real /betting (e2e/models/journeys.ts): the
// model's events as the player's gestures, the server's answers and the pause in typing; its
// states as checks of the board. The board's sportsbook/events reads (one per list) are held until
// the path says the server answered, so `loading` can be seen; the real answers are then compared
// with the model's, and the events they name are the ones the lists may show. The search debounce
// runs on the page's clock, frozen from the first keystroke until the model's pause.
//
// The simulator moves on all the time (prices, scores, clocks, matches kicking off and ending, and
// other journeys may move its clock by hours), and the board applies what its socket says: the
// checks hold whatever it sends. A list shows answered events only: a match that ends may leave it.
import { expect, type Page, type Request } from '@playwright/test'
import { listsEmpty, readsLive, readsUpcoming, sameBoardQuery } from '../../src/machines/sportsbook/board/board.rules'
import { BOARD_PAGE_SIZE, BOARD_SEARCH_DEBOUNCE_MS, type BoardEvent, type BoardList, type BoardLists, type BoardQuery } from '../../src/machines/sportsbook/board/board.types'
import { leavesOfValue, PageClock, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { boardAddress, LOADED, SEARCH_PAUSE, type BoardAnswer, type BoardLeaf, type BoardSnapshot } from './board.paths'

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'events'
type ListName = 'live' | 'upcoming'

/** sportsbook/events from the page itself: one list of the board's query. */
const eventsGet = (page: Page) => (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/sportsbook/events' && request.frame() === page.mainFrame()

export type BoardServer = ServerGate<Held>
export const installServer = (page: Page): Promise<BoardServer> => ServerGate.install<Held>(page, { events: eventsGet(page) }, ['events'])

/** Every board read the page sends, held or not: `typing` sends none, `loading` one per list. */
export function countReads(page: Page): { readonly sent: Request[] } {
  const reads = { sent: [] as Request[] }
  const isRead = eventsGet(page)
  page.on('request', (request) => {
    if (isRead(request)) reads.sent.push(request)
  })
  return reads
}

/** The lists the server rendered into the page, as its router received them with the document. */
export async function renderedLists(page: Page, query: BoardQuery): Promise<BoardLists> {
  const first = await page.evaluate(() => {
    const data = (window as unknown as { __staticRouterHydrationData?: { loaderData?: { betting?: { data?: { first?: unknown } | null } } } }).__staticRouterHydrationData
    return (data?.loaderData?.betting?.data?.first ?? null) as { query: BoardQuery; lists: BoardLists } | null
  })
  expect(first, 'the server rendered the lists of the address (a failed read makes the page read them itself)').not.toBeNull()
  expect(sameBoardQuery(first!.query, query), `the server rendered ${boardAddress(query)}`).toBe(true)
  return first!.lists
}

// ── the page ─────────────────────────────────────────────────────────────────

interface RowSeen {
  readonly id: string
  readonly sport: string
  readonly home: string
  readonly away: string
}

export class BoardModel {
  constructor(readonly page: Page) {}
  get board() {
    return this.page.getByTestId('sb-board')
  }
  get search() {
    return this.page.getByTestId('sb-search')
  }
  get rows() {
    return this.board.getByTestId('sb-event-row')
  }
  list(name: ListName) {
    return this.page.getByTestId(`sb-${name}-list`)
  }
  listEmpty(name: ListName) {
    return this.page.getByTestId(`sb-${name}-empty`)
  }
  /** The lists' rows (`ul`, one per league) marked busy, or not. */
  busyRows(busy: boolean) {
    return this.board.locator(`:is([data-testid="sb-live-list"], [data-testid="sb-upcoming-list"]) ul[aria-busy="${busy}"]`)
  }

  /** The address shows this query. */
  async seeAddress(query: BoardQuery) {
    const address = boardAddress(query)
    await expect(this.page).toHaveURL((url) => `${url.pathname}${url.search}` === address)
  }

  /** The tab, the sport in the column and the heading of the query. */
  async seeQueryControls(query: BoardQuery) {
    const tab = query.status ?? 'all'
    await expect(this.page.getByTestId(`sb-status-${tab}`)).toHaveAttribute('aria-current', 'page')
    await expect(this.page.locator('[data-testid^="sb-status-"][aria-current="page"]')).toHaveCount(1)
    const current = this.page.getByTestId('sb-sport-nav').locator('a[aria-current="page"]')
    await expect(current).toHaveAttribute('data-sport', query.sport ?? 'all')
    const heading = this.page.getByRole('heading', { level: 1 })
    if (query.sport) await expect(heading).toHaveText((await current.locator('span').first().textContent()) ?? '')
    else await expect(heading).toHaveText('Sports betting')
    if (query.sport) await expect(this.page.getByTestId('sb-league')).toHaveValue(query.league ?? '')
  }

  async rowsOf(name: ListName): Promise<RowSeen[]> {
    return this.list(name)
      .getByTestId('sb-event-row')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          id: row.getAttribute('data-event') ?? '',
          sport: row.getAttribute('data-sport') ?? '',
          home: row.querySelector('[data-team="home"]')?.textContent ?? '',
          away: row.querySelector('[data-team="away"]')?.textContent ?? '',
        })),
      )
  }

  /**
   * A list shows events of the answer, in its order grouped by league, each with its sport and
   * teams; one the feed ended may have left it. None left (or none answered): the list's empty box.
   */
  async seeList(name: ListName, answered: BoardList) {
    const byId = new Map(answered.events.map((e) => [e.id, e]))
    let seen: RowSeen[] = []
    // What is wrong with the rows, read at one moment: nothing, once the page has drawn the answer.
    await expect
      .poll(async () => {
        seen = await this.rowsOf(name)
        // None drawn is right only when none is left: the list's empty box says so.
        if (seen.length === 0) return answered.events.length > 0 && !(await this.listEmpty(name).isVisible()) ? ['no row drawn'] : []
        const order = groupedByLeague(answered.events.filter((e) => seen.some((row) => row.id === e.id)))
        return [
          ...seen.filter((row) => !byId.has(row.id)).map((row) => `${row.id}: not answered`),
          ...seen
            .filter((row) => byId.has(row.id) && !sameEvent(row, byId.get(row.id)!))
            .map((row) => `${row.id}: drawn as ${row.sport} ${row.home} v ${row.away}`),
          ...(seen.map((row) => row.id).join() === order.join() ? [] : [`drawn ${seen.map((row) => row.id).join()}, answered ${order.join()}`]),
        ]
      }, `the ${name} list shows the answered events, grouped by league in the order answered`)
      .toEqual([])
    if (seen.length === 0) await expect(this.listEmpty(name)).toBeVisible()
  }
}

const sameEvent = (row: RowSeen, event: BoardList['events'][number]) => row.sport === event.sport && row.home === event.home.name && row.away === event.away.name

/** The order a list draws its events in: by league, each league where its first event comes. */
function groupedByLeague(events: BoardList['events']): string[] {
  const leagues = [...new Set(events.map((e) => e.league.id))]
  return leagues.flatMap((league) => events.filter((e) => e.league.id === league).map((e) => e.id))
}

export interface JourneyContext {
  readonly see: BoardModel
  readonly server: BoardServer
  readonly clock: PageClock
  readonly reads: { readonly sent: Request[] }
  /** The lists the server answered last (rendered, or read): what the board may show. */
  lists: BoardLists
  /** How many reads the journey has let through to the server. */
  answered: number
  /** The query of the state checked last: the one a held read asks for. */
  query: BoardQuery
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  // The clock stops first: nothing is sent until the model's pause.
  'board.search.change': async (_page, event, { see, clock }) => {
    await clock.freeze()
    await see.search.fill(event.text)
  },
  'board.search.clear': async (_page, _event, { see }) => {
    await see.search.fill('')
  },
  // Only the league is a control of the board's own; a sport or a status is a link.
  'board.filter': async (page, event) => {
    const { league, ...others } = event.change
    if (Object.keys(others).length > 0 || league === undefined) throw new Error('a sport or a status is a link the player follows (board.locate), not a filter')
    await page.getByTestId('sb-league').selectOption(league ?? '')
  },
  // The tab of the status: a link, so the address moves first and the page tells the board.
  'board.locate': async (page, event, { query }) => {
    if (!sameBoardQuery({ ...event.query, status: query.status }, query)) throw new Error('only the status tabs are played: the address must differ in its status alone')
    await page.getByTestId(`sb-status-${event.query.status ?? 'all'}`).click()
  },
  'board.retry': (page) => page.getByTestId('load-failed-retry').click(),
  'board.live': () => Promise.reject(new Error("board.live is the simulator's socket: no journey plays it")),
} satisfies GestureTable<BoardEvent, JourneyContext>

/** The server answers the held reads, one per list: what the model expects must be what it said. */
async function answerReads(output: Extract<BoardAnswer, { output: unknown }>['output'], journey: JourneyContext) {
  if (!output.ok) throw new Error('the model expects a refusal the real server does not give')
  const { query } = journey
  const expected = (['live', 'upcoming'] as const).filter((name) => output.lists[name] !== null)
  const lists: { live: BoardList | null; upcoming: BoardList | null } = { live: null, upcoming: null }
  for (let i = 0; i < expected.length; i++) {
    const { status, body, request } = await journey.server.release('events')
    journey.answered++
    expect(status, 'sportsbook/events answers the board').toBe(200)
    const params = new URL(request.url()).searchParams
    const name = params.get('status') as ListName
    // The read asks for the query on show, a page of it (the API client adds its locale and version).
    const { locale: _locale, v: _version, ...asked } = Object.fromEntries(params)
    expect(asked, `the read of ${boardAddress(query)}`).toEqual({
      status: name,
      count: String(BOARD_PAGE_SIZE),
      ...(query.sport ? { sport: query.sport } : {}),
      ...(query.league ? { league: query.league } : {}),
      ...(query.text ? { query: query.text } : {}),
    })
    lists[name] = (body as { data: BoardList }).data
  }
  expect((['live', 'upcoming'] as const).filter((name) => lists[name] !== null), 'the lists the query reads').toEqual(expected)
  expect(listsEmpty(lists), `whether ${boardAddress(query)} finds events, as the oracle says`).toBe(listsEmpty(output.lists))
  expectListsFitQuery(lists, query)
  journey.lists = lists
}

export const ANSWER_GESTURES = {
  [LOADED]: (_page, event, journey) => answerReads(event.output, journey),
  // The frozen page lives through the pause after the last keystroke, then its time runs again.
  [SEARCH_PAUSE]: async (_page, _event, { clock }) => {
    await clock.runFor(BOARD_SEARCH_DEBOUNCE_MS)
    await clock.resume()
  },
} satisfies GestureTable<BoardAnswer, JourneyContext>

export const perform = (page: Page, event: BoardEvent | BoardAnswer, journey: JourneyContext) => performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (journey: JourneyContext, snapshot: BoardSnapshot) => Promise<void>

/** The events the server answered fit the query: its sport and league; a list holds its status. */
function expectListsFitQuery(lists: BoardLists, query: BoardQuery) {
  for (const name of ['live', 'upcoming'] as const) {
    const events = lists[name]?.events ?? []
    if (query.sport) expect(events.filter((e) => e.sport !== query.sport).map((e) => e.id), `${name}: only ${query.sport}`).toEqual([])
    if (query.league) expect(events.filter((e) => e.league.id !== query.league).map((e) => e.id), `${name}: only ${query.league}`).toEqual([])
  }
}

/** The sections the query shows, each with the events last answered. */
async function seeSections({ see, lists }: JourneyContext, query: BoardQuery) {
  for (const [name, reads] of [
    ['live', readsLive(query)],
    ['upcoming', readsUpcoming(query)],
  ] as const) {
    const answered = lists[name]
    if (!reads) {
      await expect(see.list(name).or(see.listEmpty(name))).toHaveCount(0)
      continue
    }
    // The rows of a list the query no longer reads stay until the answer: none to show.
    await see.seeList(name, answered ?? { events: [], total: 0 })
  }
}

export const STATE_CHECKS = {
  // The events of the query, as the server answered them, none busy.
  'list.shown': async (journey, snapshot) => {
    const { see } = journey
    const { query, typed } = snapshot.context
    await expect(see.board).toHaveAttribute('data-state', 'board.lists')
    await expect(see.page.getByTestId('sb-skeletons')).toHaveCount(0)
    await expect(see.busyRows(true)).toHaveCount(0)
    await seeSections(journey, query)
    await expect(see.search).toHaveValue(typed)
    await see.seeQueryControls(query)
    await see.seeAddress(query)
  },
  // Nothing sent while the player types: the events and the address stay as they were.
  'list.typing': async (journey, snapshot) => {
    const { see, reads } = journey
    const { query, typed } = snapshot.context
    await expect(see.search).toHaveValue(typed)
    await expect(see.busyRows(true)).toHaveCount(0)
    expect(reads.sent.length, 'no read while the player types').toBe(journey.answered)
    await seeSections(journey, query)
    await see.seeAddress(query)
  },
  // The new query is in the address and asked for; the events of the last one stay, marked busy.
  'list.loading': async (journey, snapshot) => {
    const { see, reads } = journey
    const { query, lists } = snapshot.context
    await expect(see.board).toHaveAttribute('data-state', lists === null ? 'board.loading' : 'board.lists')
    await expect.poll(() => reads.sent.length, 'one read per list the query reads').toBe(journey.answered + Number(readsLive(query)) + Number(readsUpcoming(query)))
    await expect(see.busyRows(false)).toHaveCount(0)
    if ((await see.rows.count()) > 0) await expect(see.busyRows(true).first()).toBeVisible()
    await seeSections(journey, query)
    await see.seeQueryControls(query)
    await see.seeAddress(query)
  },
  // No event: what the player looked for, and the way back to every sport.
  'list.empty': async ({ see }, snapshot) => {
    const { query, typed } = snapshot.context
    await expect(see.board).toHaveAttribute('data-state', 'board.empty')
    const empty = see.page.getByTestId('sb-empty')
    await expect(empty).toBeVisible()
    await expect(empty).toContainText(query.text ? `No team matches “${query.text}”.` : 'No events match these filters.')
    await expect(empty.getByRole('link', { name: 'Show every sport' })).toHaveAttribute('href', '/betting')
    await expect(see.rows).toHaveCount(0)
    await expect(see.page.getByTestId('sb-skeletons')).toHaveCount(0)
    await expect(see.search).toHaveValue(typed)
    await see.seeQueryControls(query)
    await see.seeAddress(query)
  },
  // The socket moves prices every second or so, so calm and flashing alternate on the real page:
  // what holds in both is that a price drawn with its arrow is announced to screen readers too.
  'flash.calm': async ({ see }) => {
    await expect
      .poll(() =>
        see.board.evaluate((board) => {
          const arrows = board.querySelectorAll('[data-testid="sb-price"][data-flash]').length
          const said = board.querySelector('[data-testid="sb-moves"]')?.textContent ?? ''
          return arrows === 0 || said.startsWith('Prices changed')
        }),
      )
      .toBe(true)
  },
  // The live clocks run between the feed's changes while the page's time does (not while the
  // journey holds it for the search pause): a running clock on show moves within a second or so.
  'clock.ticking': async ({ see, lists }, snapshot) => {
    if (!snapshot.matches({ list: 'shown' }) || !readsLive(snapshot.context.query)) return
    const running = (lists.live?.events ?? []).filter((e) => e.live?.running && e.live.seconds !== null).map((e) => e.id)
    if (running.length === 0) return
    // The clock of each running event on show, by event; a row gone is no key.
    const clocks = () =>
      see
        .list('live')
        .getByTestId('sb-event-row')
        .evaluateAll(
          (rows, ids) =>
            Object.fromEntries(
              rows.filter((row) => ids.includes(row.getAttribute('data-event') ?? '')).map((row) => [row.getAttribute('data-event'), row.querySelector('[data-testid="sb-clock-time"]')?.textContent ?? null]),
            ) as Record<string, string | null>,
          running,
        )
    const before = await clocks()
    // A countdown at nought stands until the feed ends its period.
    const shown = Object.keys(before).filter((id) => before[id] !== null && !/^0+:00$/.test(before[id]!))
    if (shown.length === 0) return
    // One of them moves, or its match ends (the clock gone); only every one stopping for a break in this second would fail it.
    await expect
      .poll(async () => {
        const now = await clocks()
        return shown.some((id) => now[id] !== before[id])
      }, 'a live clock runs')
      .toBe(true)
  },
} satisfies Record<BoardLeaf, Check>

export async function checkState(journey: JourneyContext, snapshot: BoardSnapshot) {
  journey.query = snapshot.context.query
  for (const leaf of leavesOfValue(snapshot.value) as BoardLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(journey, snapshot)
  }
}
