// Model-based journeys of the withdraw flow: one per state the player can reach on the real
// cashier's /cashier/withdraw, and one per refusal the form shows, each the machine's shortest path
// (e2e/models/withdraw.paths.ts) played with the model's events as gestures and its states as
// checks after every step (e2e/models/withdraw.journey.ts). Each journey's player is new: a USD
// account with a confirmed e-mail that has paid 600.00 with the test card, logged in through the
// API (its cookies), never through the popup.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/withdraw.paths.ts, printed
// by the first test below; the refusals the world's player cannot get are listed at WithdrawAnswer
// there (an unconfirmed e-mail and the period cap: e2e/limits.spec.ts).
import { gotoHydrated, test } from './fixtures'
import { describeModelJourneys } from './models/model-spec'
import { checkState, installServer, perform, prepareWithdrawer, STATE_CHECKS, WithdrawModel, type JourneyContext } from './models/withdraw.journey'
import { describeEvent, SKIPPED, withdrawJourneys, withdrawModelMachine } from './models/withdraw.paths'

describeModelJourneys({
  name: 'withdraw model',
  everyProject: 'e2e/cashier.spec.ts',
  who: 'the player',
  machine: withdrawModelMachine,
  journeys: withdrawJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the withdraw page',
  setUp: async (_journey, { page, baseURL }) => {
    await test.step('a player with 600.00 and a confirmed e-mail', () => prepareWithdrawer(page, baseURL))
    const server = await installServer(page)
    const see = new WithdrawModel(page)
    const context: JourneyContext = { see, server }
    return {
      start: async () => {
        await gotoHydrated(page, '/cashier/withdraw')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
