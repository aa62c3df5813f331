// The journeys of e2e/game-launch.model.spec.ts, computed from the game launch machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per state a visitor or a player can
// reach on the real /game/{sysname}.
//
// The page opens a game that has a demo (Aurora Lanterns), so every journey starts on the table
// for fun, and the bar's "Real money" asks for real money. Three worlds, each its own context
// (e2e/models/launch.journey.ts): a `visitor`; a `broke` player, new through the API, whose USD
// balance is 0.00; a `funded` player, new too, whom the game provider's wallet credited 25.00
// (e2e/games.ts credit). Neither has free spins. The oracle is games/purse in real mode for them
// (server/domain/games/purse.ts): the balance, and the smallest first stake of the game's limit
// class in USD (src/shared/games/catalogue.ts BET_LIMITS); the journey compares the real answer
// with it.
//
// Node-only and browser-free: the spec imports it at collection time.
import type { SnapshotFrom } from 'xstate'
import { launchMachine } from '../../src/machines/games/launch/launch.machine'
import { launchGame } from '../../src/machines/games/launch/launch.samples'
import type { LaunchEvent, LaunchInput, ReadFundsResult } from '../../src/machines/games/launch/launch.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export type LaunchSnapshot = SnapshotFrom<typeof launchMachine>

// ── the worlds ───────────────────────────────────────────────────────────────

export type LaunchWorld = 'visitor' | 'broke' | 'funded'
export const WORLDS: readonly LaunchWorld[] = ['visitor', 'broke', 'funded']

/** The game the journeys open: a slot with a demo, in the catalogue as the page's loader reads it. */
export const GAME = launchGame
export const GAME_PAGE = `/game/${GAME.sysname}`

/** What the funded player was credited; the smallest first stake of the game in USD. */
export const CREDIT = '25.00'
export const MIN_BET = '0.20'

/** The purse in real mode each world's player has. */
const PURSE: Record<LaunchWorld, ReadFundsResult> = {
  visitor: { ok: false, code: 'AuthorizationException' },
  broke: { ok: true, funds: { balance: '0.00', currency: 'USD', minBet: MIN_BET, freeSpins: 0 } },
  funded: { ok: true, funds: { balance: CREDIT, currency: 'USD', minBet: MIN_BET, freeSpins: 0 } },
}

// ── the events a player causes ───────────────────────────────────────────────

/**
 * What the player does: the bar's switch, closing the registration popup, "check again". Left
 * out, each with its reason: 'launch.session' (the page sends it when the session changes: a
 * login in the popup reloads the page into the player's locale, where the flow starts again as a
 * player, the other worlds' start), 'launch.needsDeposit', 'launch.close' and 'launch.freeSpins'
 * (the game's own messages from the frame: the first leads to `needsDeposit`, which the broke
 * player reaches from the bar, the second leaves the page without a state of its own, the third
 * counts down spins the new players have none of).
 */
export const PLAYER_SAMPLES = {
  'launch.real': [{ type: 'launch.real' }],
  'launch.demo': [{ type: 'launch.demo' }],
  'launch.session': [],
  'launch.popupClosed': [{ type: 'launch.popupClosed' }],
  'launch.needsDeposit': [],
  'launch.close': [],
  'launch.retry': [{ type: 'launch.retry' }],
  'launch.freeSpins': [],
} as const satisfies FixtureTable<LaunchEvent>

// ── the events the server causes ─────────────────────────────────────────────

/** What the runtime delivers. Left out: readFunds rejecting (a dead network: `failed`, see SKIPPED). */
export type LaunchAnswer = { type: 'xstate.done.actor.readFunds'; output: ReadFundsResult }

export type JourneyEvent = LaunchEvent | LaunchAnswer

/** The oracle: games/purse in real mode for the world's player. */
export const serverAnswers = (_snapshot: LaunchSnapshot, world: LaunchWorld): LaunchAnswer[] => [{ type: 'xstate.done.actor.readFunds', output: PURSE[world] }]

function serializeJourneyState(snapshot: LaunchSnapshot): string {
  const { loggedIn, funds, failure } = snapshot.context
  return JSON.stringify({ value: snapshot.value, loggedIn, funds: funds?.balance ?? null, failure })
}

/** What each world plays: the visitor the demo and the way to registration, each player their purse's answer. */
const KEEPS: Record<LaunchWorld, (target: string) => boolean> = {
  visitor: (target) => ['demo', 'real.needsLogin', 'left'].includes(target),
  broke: (target) => ['real.checking', 'real.needsDeposit'].includes(target),
  funded: (target) => target === 'real.playing',
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: launchJourneys } = defineModelPaths({
  machine: launchMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    deciding: 'left by `always` the moment it is entered: never at rest, never seen',
    'real.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    unavailable:
      "no launch page shows it: an unknown game is the site's 404 page, never this flow (e2e/games-hall.spec.ts), and every title takes every currency an account can hold (BET_LIMITS), so games/purse never answers a player without a smallest stake",
    'real.failed': 'games/purse refused or lost for a logged-in player: the real server answers it; the machine tests play it and "Try again"',
  },
  samples: PLAYER_SAMPLES as FixtureTable<LaunchEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  targetsOf: (snapshot) => leavesOfValue(snapshot.value),
  input: (world): LaunchInput => ({ game: GAME, wantsReal: false, loggedIn: world !== 'visitor' }),
  worlds: { key: 'world', each: WORLDS, keeps: KEEPS },
})

export type LaunchLeaf = ReturnType<typeof leavesOf>[number]
export type LaunchJourney = ReturnType<typeof launchJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.readFunds':
      return `done.readFunds(${event.output.ok ? event.output.funds.balance : event.output.code})`
    default:
      return event.type.replace(/^launch\./, '')
  }
}
