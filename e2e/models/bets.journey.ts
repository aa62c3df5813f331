// How a path of the sports bets model is played on the real /bets (e2e/models/journeys.ts): the
// model's events as the player's gestures and the server's answers, its states as checks of the
// list and the cash-out panel. The bets list, the offer and the cash-out are held until the path
// says the server answered, so loading, quoting, the offer being read again and the busy cash-out
// can be seen; the real answer is then compared with the model's on what the flow reads. The
// offer's pause runs on the page's own clock: the player waits it out.
import { expect, type Page } from '@playwright/test'
import type { SbBetsSnapshot } from '../../src/machines/sportsbook/bets/bets.selectors'
import type { SbBet, SbBetsEvent } from '../../src/machines/sportsbook/bets/bets.types'
import { registerLoggedInPlayer } from '../accounts'
import { depositThroughApi } from '../sandbox-pay'
import { untouchedEvents } from '../sportsbook'
import { apiCall, leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { OFFER_POLL, WORLD, type BetsAnswer, type BetsLeaf } from './bets.paths'

// ── the world: a player with one open single ─────────────────────────────────

/**
 * The world's player, made through the API (its session in the page's cookies): registered in USD,
 * 50.00 paid through the sandbox, one single of 10.00 on the first outcome of an event no move of
 * the run's clock reaches, so it stays open and offered for cash-out. Answers the bet's id.
 */
export async function prepareBettor(page: Page, baseURL: string): Promise<string> {
  await registerLoggedInPlayer(page.request, baseURL, 'bets-model')
  await depositThroughApi(page.request, baseURL, WORLD.deposit)
  const [event] = await untouchedEvents(page.request)
  const outcome = event!.main!.outcomes[0]!
  const placed = await page.request.post('/api/sportsbook/placeBet', {
    form: {
      key: `betsmodel${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      kind: 'single',
      stake: WORLD.stake,
      odds_policy: 'accept_any',
      selections: JSON.stringify([{ outcome_id: outcome.id, price: outcome.price }]),
    },
    headers: { origin: baseURL },
  })
  expect(placed.status(), await placed.text()).toBe(200)
  return ((await placed.json()) as { data: { id: string } }).data.id
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'bets' | 'offer' | 'cash'
export type BetsServer = ServerGate<Held>
export const installServer = (page: Page): Promise<BetsServer> =>
  ServerGate.install<Held>(
    page,
    { bets: apiCall('GET', '/api/sportsbook/bets'), offer: apiCall('GET', '/api/sportsbook/cashOutOffer'), cash: apiCall('POST', '/api/sportsbook/cashOut') },
    ['bets', 'offer', 'cash'],
  )

// ── the page ─────────────────────────────────────────────────────────────────

export class BetsModel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByTestId('sports-bets')
  }
  get rows() {
    return this.root.getByTestId('sb-bet')
  }
  get panel() {
    return this.root.getByTestId('sb-cashout')
  }
  tab(filter: string) {
    return this.root.getByRole('navigation').locator(`a[data-filter="${filter}"]`)
  }
}

export interface JourneyContext {
  readonly see: BetsModel
  readonly server: BetsServer
  /** The real bet the world's player holds: the row the model's bet stands for. */
  readonly betId: string
  /** The offer the server gave last, as the page shows it; the model's is a stand-in. */
  offer: string | null
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'bets.filter': (_page, event, { see }) => see.tab(event.filter).click(),
  'bets.more': (_page, _event, { see }) => see.root.getByTestId('sports-bets-more').click(),
  'bets.retry': (_page, _event, { see }) => see.root.getByRole('button', { name: 'Try again' }).click(),
  // The model's id is its own: the page lists the one bet the journey placed.
  'cashout.open': async (_page, _event, { see }) => {
    await expect(see.rows).toHaveCount(1)
    await see.rows.getByTestId('sb-cashout-open').click()
  },
  'cashout.close': (_page, _event, { see }) => see.panel.getByRole('button', { name: /^(Cancel|Close)$/ }).click(),
  'cashout.mode': (_page, event, { see }) => see.panel.getByRole('radio', { name: event.mode === 'full' ? 'All of it' : 'A part' }).check(),
  'cashout.amount': (_page, event, { see }) => see.panel.getByTestId('sb-cashout-amount').fill(event.value),
  'cashout.submit': (_page, _event, { see }) => see.panel.getByTestId('sb-cashout-submit').click(),
  'cashout.confirm': (_page, _event, { see }) => see.panel.getByTestId('sb-cashout-confirm').click(),
  'cashout.back': (_page, _event, { see }) => see.panel.getByRole('button', { name: 'Back' }).click(),
  'cashout.retry': (_page, _event, { see }) => see.panel.getByRole('button', { name: 'Try again' }).click(),
} satisfies GestureTable<SbBetsEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: Record<string, unknown> } | null)?.data ?? null

/** The parts of a bet the page reads: what it is, whose money, each leg's result, its cash-outs (not the figures, which follow the prices). */
const betFacts = (bet: SbBet) => ({
  kind: bet.kind,
  status: bet.status,
  funding: bet.funding,
  currency: bet.currency,
  legs: bet.legs.map((l) => l.result),
  cashouts: bet.cashouts.length,
})

async function releaseOffer(server: BetsServer, journey: JourneyContext) {
  const { status, body } = await server.release('offer')
  expect(status, 'cashOutOffer is answered').toBe(200)
  const offer = dataOf(body) as { amount: string | null; currency: string }
  expect(offer.amount, 'the book offers a cash-out for a bet on an event to come').not.toBeNull()
  expect(offer.currency).toBe(WORLD.currency)
  journey.offer = offer.amount
}

export const ANSWER_GESTURES = {
  'xstate.done.actor.loadBets': async (_page, event, { server, betId }) => {
    const { status, body } = await server.release('bets')
    expect(status, 'the server answers sportsbook/bets').toBe(200)
    if (!event.output.ok) throw new Error('the model has sportsbook/bets refuse: no journey expects that')
    const page = dataOf(body) as { bets: SbBet[]; total: number }
    expect(page.total, 'as many bets as the model has').toBe(event.output.total)
    expect(page.bets.map(betFacts), 'the bets as the model has them').toEqual(event.output.bets.map(betFacts))
    expect(page.bets.every((b) => b.id === betId), "the journey player's bet").toBe(true)
  },
  'xstate.done.actor.loadOffer': (_page, _event, journey) => releaseOffer(journey.server, journey),
  'xstate.done.actor.refreshOffer': (_page, _event, journey) => releaseOffer(journey.server, journey),
  'xstate.done.actor.cashOut': async (_page, event, { server, offer }) => {
    const { status, body, request } = await server.release('cash')
    expect(status, `cashOut is answered: ${JSON.stringify(body)}`).toBe(200)
    if (!event.output.ok) throw new Error('the model has cashOut refuse: no journey expects that')
    // The page sells at the offer it showed, and whole (no part).
    const sent = new URLSearchParams(request.postData() ?? '')
    expect({ seen: sent.get('seen'), amount: sent.get('amount') }).toEqual({ seen: offer, amount: null })
    const bet = dataOf(body) as unknown as SbBet
    expect(betFacts(bet), 'the bet is cashed out as the model has it').toEqual(betFacts(event.output.bet))
  },
  // The page asks the offer again on its own after the pause: the player only waits.
  [OFFER_POLL]: async () => undefined,
} satisfies GestureTable<BetsAnswer, JourneyContext>

export const perform = (page: Page, event: SbBetsEvent | BetsAnswer, journey: JourneyContext) => performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (journey: JourneyContext, snapshot: SbBetsSnapshot) => Promise<void>

const money = (amount: string) => `$${amount}`

/** The rows of the model's bets: each one's status, its one leg and that leg's result. */
async function seeRows({ see }: JourneyContext, snapshot: SbBetsSnapshot) {
  const { bets } = snapshot.context
  await expect(see.rows).toHaveCount(bets.length)
  for (const [i, bet] of bets.entries()) {
    const row = see.rows.nth(i)
    await expect(row).toHaveAttribute('data-status', bet.status)
    await expect(row.getByTestId('sb-bet-leg')).toHaveCount(bet.legs.length)
    for (const [j, leg] of bet.legs.entries()) {
      const side = row.getByTestId('sb-bet-leg').nth(j)
      if (leg.result === null) await expect(side.getByTestId('sb-leg-result')).toHaveCount(0)
      else await expect(side.getByTestId('sb-leg-result')).toHaveAttribute('data-status', leg.result)
    }
    await expect(row.getByTestId('sb-bet-stake')).toContainText(money(WORLD.stake))
    await expect(row.getByTestId('sb-bet-cashout')).toHaveCount(bet.cashouts.length)
  }
}

/** The panel is seen only beside the bet's row; a list being read again has none. */
const listShown = (snapshot: SbBetsSnapshot) => snapshot.matches({ list: 'shown' })

export const STATE_CHECKS = {
  'list.loading': async ({ see }, snapshot) => {
    await expect(see.root).toHaveAttribute('aria-busy', 'true')
    await expect(see.root.getByTestId('sports-bets-loading')).toBeVisible()
    await expect(see.tab(snapshot.context.filter)).toHaveAttribute('aria-current', 'page')
  },
  'list.shown.idle': async (journey, snapshot) => {
    await seeRows(journey, snapshot)
    await expect(journey.see.root.getByTestId('sports-bets-more')).toHaveCount(0)
  },
  'list.empty': async ({ see }, snapshot) => {
    await expect(see.root.getByTestId('sports-bets-empty')).toBeVisible()
    await expect(see.rows).toHaveCount(0)
    await expect(see.tab(snapshot.context.filter)).toHaveAttribute('aria-current', 'page')
  },
  // "Cash out" on the open bet's row, and no panel.
  'cashout.idle': async ({ see }, snapshot) => {
    await expect(see.panel).toHaveCount(0)
    if (!listShown(snapshot)) return
    const open = snapshot.context.bets.filter((b) => b.status === 'open').length
    await expect(see.rows.getByTestId('sb-cashout-open')).toHaveCount(open)
  },
  'cashout.quoting': async ({ see }) => {
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.quoting')
    await expect(see.panel.getByRole('status')).toHaveText('Getting the cash-out offer…')
  },
  // The real offer, whole by default; the page may already be asking it again (its own pause).
  'cashout.offered.waiting': async ({ see, offer }) => {
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.offered')
    await expect(see.panel.getByTestId('sb-cashout-offer')).toHaveAttribute('data-amount', offer!)
    await expect(see.panel.getByRole('radio', { name: 'All of it' })).toBeChecked()
    await expect(see.panel.getByTestId('sb-cashout-submit')).toHaveText(`Cash out ${money(offer!)}`)
  },
  'cashout.offered.refreshing': async ({ see, offer }) => {
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.offered')
    await expect(see.panel.getByText('updating…')).toBeVisible()
    await expect(see.panel.getByTestId('sb-cashout-offer')).toHaveAttribute('data-amount', offer!)
  },
  'cashout.confirming': async ({ see, offer }) => {
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.confirming')
    await expect(see.panel.getByText(/^Cash out \$[\d,.]+ now\?/)).toContainText(money(offer!))
    await expect(see.panel.getByTestId('sb-cashout-confirm')).not.toHaveAttribute('aria-busy', 'true')
  },
  'cashout.cashing': async ({ see }) => {
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.cashing')
    await expect(see.panel.getByTestId('sb-cashout-confirm')).toHaveAttribute('aria-busy', 'true')
    await expect(see.panel.getByRole('button', { name: 'Back' })).toBeDisabled()
  },
  // Paid: said in the panel, and the row shows the bet cashed out with its history.
  'cashout.done': async ({ see, offer }, snapshot) => {
    if (!listShown(snapshot)) return
    await expect(see.panel).toHaveAttribute('data-state', 'cashout.done')
    await expect(see.panel.getByTestId('sb-cashout-done')).toContainText(`You cashed out ${money(offer!)}`)
    await expect(see.rows.first()).toHaveAttribute('data-status', 'cashed_out')
    await expect(see.rows.first().getByTestId('sb-bet-cashout')).toHaveAttribute('data-amount', offer!)
  },
} satisfies Record<BetsLeaf, Check>

export async function checkState(journey: JourneyContext, snapshot: SbBetsSnapshot) {
  const { see } = journey
  await expect(see.root).toHaveAttribute('data-filter', snapshot.context.filter)
  const view = snapshot.matches({ list: 'shown' }) ? 'shown' : snapshot.matches({ list: 'empty' }) ? 'empty' : snapshot.matches({ list: 'failed' }) ? 'failed' : 'loading'
  await expect(see.root).toHaveAttribute('data-state', view)
  for (const leaf of leavesOfValue(snapshot.value) as BetsLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(journey, snapshot)
  }
}
