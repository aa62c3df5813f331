// Model-based journeys of a game's launch on its page: one per state a visitor or a player can
// reach on the real /game/aurora-lanterns, each the machine's shortest path
// (e2e/models/launch.paths.ts) played with the model's events as gestures and its states as
// checks after every step (e2e/models/launch.journey.ts). Three worlds: a visitor (the demo, real
// money asks for a registration, closing the popup goes home), a new player with 0.00 (real money
// needs a deposit) and a new player the game provider's wallet credited 25.00 (real money plays).
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/launch.paths.ts, printed by
// the first test below; the rounds played in each mode and an unknown game's 404 are
// e2e/games-hall.spec.ts.
import { gotoHydrated, test } from './fixtures'
import { checkState, GameModel, installServer, perform, prepareWorld, STATE_CHECKS, type JourneyContext } from './models/launch.journey'
import { describeEvent, GAME_PAGE, launchJourneys, SKIPPED } from './models/launch.paths'
import { describeModelJourneys } from './models/model-spec'
import { launchMachine } from '../src/machines/games/launch/launch.machine'

const WHO = { visitor: 'a visitor', broke: 'a new player with 0.00', funded: 'a new player credited 25.00' } as const

describeModelJourneys({
  name: 'game launch model',
  everyProject: 'e2e/games-hall.spec.ts',
  who: 'a visitor or a player',
  machine: launchMachine,
  journeys: launchJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the game page',
  titlePrefix: (journey) => `[${journey.world}] `,
  setUp: async (journey, { page, baseURL }) => {
    await test.step(WHO[journey.world], () => prepareWorld(page, baseURL, journey.world))
    const server = await installServer(page)
    const see = new GameModel(page)
    const context: JourneyContext = { see, server }
    return {
      start: async () => {
        await gotoHydrated(page, GAME_PAGE)
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
