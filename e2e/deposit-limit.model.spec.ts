// Model-based journeys of the deposit-limit flow: one per state and per outcome the player can see
// in the deposit limits of /responsible-game, each the machine's shortest path
// (e2e/models/deposit-limit.paths.ts) played with the model's events as gestures and its states as
// checks after every step (e2e/models/deposit-limit.journey.ts): a limit added, refused empty,
// lowered at once, raised (pending 24 h), removed (pending) and kept, a second period beside the
// first. Each journey's player is new: a USD account with no limit and no deposit, logged in
// through the API (its cookies), never through the popup.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/deposit-limit.paths.ts,
// printed by the first test below; the limits enforced at the deposit and the first-deposit offer
// are e2e/limits.spec.ts.
import { gotoHydrated, test } from './fixtures'
import { describeModelJourneys } from './models/model-spec'
import { checkState, DepositLimitModel, installServer, perform, prepareLimitPlayer, STATE_CHECKS, type JourneyContext } from './models/deposit-limit.journey'
import { depositLimitJourneys, depositLimitModelMachine, describeEvent, SKIPPED } from './models/deposit-limit.paths'

describeModelJourneys({
  name: 'deposit-limit model',
  everyProject: 'e2e/limits.spec.ts',
  who: 'the player',
  machine: depositLimitModelMachine,
  journeys: depositLimitJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the responsible-gaming page',
  setUp: async (_journey, { page, baseURL }) => {
    await test.step('a new USD player with no limit', () => prepareLimitPlayer(page, baseURL))
    const server = await installServer(page)
    const see = new DepositLimitModel(page)
    const context: JourneyContext = { see, server }
    return {
      start: async () => {
        await gotoHydrated(page, '/responsible-game')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
