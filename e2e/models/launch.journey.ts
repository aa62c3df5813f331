// How a path of the launch model is played on the real /game/{sysname} (e2e/models/journeys.ts):
// the model's events as the bar's and the popup's gestures and the server's answer, its states as
// checks of the game page. The flow's games/purse (real mode, from the page, not the game's frame)
// is held until the path says the server answered, so `checking` can be seen; the real answer is
// then compared with the model's.
import { expect, type Page, type Request } from '@playwright/test'
import type { LaunchEvent } from '../../src/machines/games/launch/launch.types'
import { registerLoggedInPlayer } from '../accounts'
import { credit, usd } from '../games'
import { leavesOfValue, perform as performGesture, ServerGate, type GestureTable } from './journeys'
import { CREDIT, GAME, type LaunchAnswer, type LaunchLeaf, type LaunchSnapshot, type LaunchWorld } from './launch.paths'

// ── the worlds: a visitor, a new player with nothing, a new player with 25.00 ─

export async function prepareWorld(page: Page, baseURL: string, world: LaunchWorld) {
  if (world === 'visitor') return
  await registerLoggedInPlayer(page.request, baseURL, `launch-model-${world}`)
  if (world === 'funded') await credit(page.request, CREDIT)
}

// ── the server, held ─────────────────────────────────────────────────────────

type Held = 'purse'

/** The page's own games/purse in real mode; the game client in the frame reads its purse too. */
const pagePurse = (page: Page) => (request: Request) => {
  const url = new URL(request.url())
  return request.method() === 'GET' && url.pathname === '/api/games/purse' && url.searchParams.get('mode') === 'real' && request.frame() === page.mainFrame()
}

export type LaunchServer = ServerGate<Held>
export const installServer = (page: Page): Promise<LaunchServer> => ServerGate.install<Held>(page, { purse: pagePurse(page) }, ['purse'])

// ── the page ─────────────────────────────────────────────────────────────────

export class GameModel {
  constructor(readonly page: Page) {}
  get root() {
    return this.page.getByTestId('game-page')
  }
  get frame() {
    return this.page.getByTestId('game-frame')
  }
  get dialog() {
    return this.page.getByRole('dialog')
  }

  /** What the page draws, and the table in the frame (`none` while something stands in its way). */
  async seeView(view: string, mode: 'demo' | 'real' | 'none') {
    await expect(this.root).toHaveAttribute('data-view', view)
    await expect(this.root).toHaveAttribute('data-mode', mode)
    if (mode === 'none') await expect(this.frame).toHaveCount(0)
  }
}

export interface JourneyContext {
  readonly see: GameModel
  readonly server: LaunchServer
}

// ── gestures ─────────────────────────────────────────────────────────────────

export const PLAYER_GESTURES = {
  'launch.real': (_page, _event, { see }) => see.page.getByTestId('game-mode-real').click(),
  'launch.demo': (_page, _event, { see }) => see.page.getByTestId('game-mode-demo').click(),
  'launch.popupClosed': (_page, _event, { see }) => see.dialog.getByRole('button', { name: 'Close' }).click(),
  'launch.retry': (page) => page.getByTestId('game-needs-deposit').getByRole('button', { name: /check again/ }).or(page.getByTestId('load-failed-retry')).click(),
  'launch.session': () => Promise.reject(new Error('launch.session follows the session: no journey plays it (see PLAYER_SAMPLES)')),
  'launch.needsDeposit': () => Promise.reject(new Error("launch.needsDeposit is the game frame's message: no journey plays it")),
  'launch.close': () => Promise.reject(new Error("launch.close is the game frame's message: no journey plays it")),
  'launch.freeSpins': () => Promise.reject(new Error("launch.freeSpins is the game frame's message: no journey plays it")),
} satisfies GestureTable<LaunchEvent, JourneyContext>

const dataOf = (body: unknown) => (body as { data?: { balance?: string; currency?: string; limits?: { min?: string } | null } } | null)?.data ?? null

export const ANSWER_GESTURES = {
  'xstate.done.actor.readFunds': async (_page, event, { server }) => {
    const { status, body } = await server.release('purse')
    if (!event.output.ok) throw new Error('the model expects a refusal the real server does not give a player')
    expect(status, 'games/purse answers the player').toBe(200)
    const { balance, currency, minBet } = event.output.funds
    expect(dataOf(body), 'the purse as the model has it').toMatchObject({ balance, currency, limits: { min: minBet } })
  },
} satisfies GestureTable<LaunchAnswer, JourneyContext>

export const perform = (page: Page, event: LaunchEvent | LaunchAnswer, journey: JourneyContext) => performGesture(page, event, journey, PLAYER_GESTURES, ANSWER_GESTURES)

// ── checks ───────────────────────────────────────────────────────────────────

export type Check = (see: GameModel, snapshot: LaunchSnapshot) => Promise<void>

/** The frame's address: the game client, on the player's fun balance (`mode=fun`) or the visitor's demo purse. */
const frameSrc = (loggedIn: boolean, mode: 'demo' | 'real') => `${GAME.url}?locale=en&in=site${mode === 'demo' && loggedIn ? '&mode=fun' : ''}`

export const STATE_CHECKS = {
  // On play money; a visitor is told so and offered the registration.
  demo: async (see, snapshot) => {
    const { loggedIn } = snapshot.context
    await see.seeView('demo', 'demo')
    await expect(see.frame).toHaveAttribute('src', frameSrc(loggedIn, 'demo'))
    await expect(see.page.getByTestId('game-mode-demo')).toHaveAttribute('aria-pressed', 'true')
    await expect(see.page.getByTestId('demo-notice')).toHaveCount(loggedIn ? 0 : 1)
  },
  // SPEC §2.2: the registration popup over the page, no table behind it.
  'real.needsLogin': async (see) => {
    await see.seeView('needsLogin', 'none')
    await expect(see.page.getByTestId('game-needs-login')).toBeVisible()
    await expect(see.dialog.getByTestId('auth-popup')).toHaveAttribute('data-state', 'auth.registration')
  },
  // Closing the popup without an account goes home.
  left: async (see) => {
    await expect(see.page).toHaveURL((url) => url.pathname === '/')
    await expect(see.root).toHaveCount(0)
    await expect(see.dialog).toHaveCount(0)
  },
  'real.checking': async (see) => {
    await see.seeView('checking', 'none')
    await expect(see.root.locator('[aria-busy="true"]')).toBeVisible()
  },
  // Below the smallest bet: the cashier, no table.
  'real.needsDeposit': async (see, snapshot) => {
    await see.seeView('needsDeposit', 'none')
    const card = see.page.getByTestId('game-needs-deposit')
    await expect(card).toBeVisible()
    await expect(card).toContainText(usd(snapshot.context.funds!.minBet!))
    await expect(see.page.getByTestId('game-deposit')).toHaveAttribute('href', '/cashier/deposit')
  },
  // The table on the player's real balance, the same figure as the header's.
  'real.playing': async (see, snapshot) => {
    const balance = usd(snapshot.context.funds!.balance)
    await see.seeView('real', 'real')
    await expect(see.frame).toHaveAttribute('src', frameSrc(true, 'real'))
    await expect(see.page.getByTestId('game-mode-real')).toHaveAttribute('aria-pressed', 'true')
    await expect(see.page.frameLocator('[data-testid="game-frame"]').getByTestId('game-balance-amount')).toHaveText(balance)
    await expect(see.page.getByTestId('header-balance')).toContainText(balance)
  },
} satisfies Record<LaunchLeaf, Check>

export async function checkState(see: GameModel, snapshot: LaunchSnapshot) {
  for (const leaf of leavesOfValue(snapshot.value) as LaunchLeaf[]) {
    const check: Check | undefined = STATE_CHECKS[leaf]
    if (!check) throw new Error(`no check for state '${leaf}'`)
    await check(see, snapshot)
  }
}
