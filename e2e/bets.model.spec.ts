// Model-based journeys of the player's sports bets: one per state the player can reach on /bets
// and one per filter with what its list shows, each the machine's shortest path
// (e2e/models/bets.paths.ts) played with the model's events as gestures and its states as checks
// after every step (e2e/models/bets.journey.ts). Each journey's player is new: a USD account that
// paid 50.00 through the sandbox and holds one open single placed through the API on an event no
// move of the run's clock reaches, logged in through the API (its cookies).
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/bets.paths.ts, printed by
// the first test below. No bet is settled here: settling needs the simulator's clock moved, and it
// is shared by the whole run (won and lost rows are e2e/sportsbook-journeys.spec.ts's).
import { gotoHydrated, test } from './fixtures'
import { describeModelJourneys } from './models/model-spec'
import { BetsModel, checkState, installServer, perform, prepareBettor, STATE_CHECKS, type JourneyContext } from './models/bets.journey'
import { betsJourneys, betsModelMachine, describeEvent, SKIPPED } from './models/bets.paths'

describeModelJourneys({
  name: 'bets model',
  everyProject: 'e2e/sports-bets.spec.ts',
  who: 'the player',
  machine: betsModelMachine,
  journeys: betsJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the bets page',
  setUp: async (_journey, { page, baseURL }) => {
    const betId = await test.step('a player with 50.00 and one open single', () => prepareBettor(page, baseURL))
    const server = await installServer(page)
    const context: JourneyContext = { see: new BetsModel(page), server, betId, offer: null }
    return {
      start: async () => {
        await gotoHydrated(page, '/bets')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(context, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
