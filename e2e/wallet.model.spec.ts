// Model-based journeys of the wallet's currency change: one per state the player can reach in the
// currency section of /cashier/wallet, each the machine's shortest path (e2e/models/wallet.paths.ts)
// played with the model's events as gestures and its states as checks after every step
// (e2e/models/wallet.journey.ts). Each journey's player is new, a USD account logged in through
// the API (its cookies): in the `free` world nothing binds its currency, in the `limited` world a
// weekly deposit limit set through the API first makes the server refuse the change.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/wallet.paths.ts, printed by
// the first test below; the balances after a deposit and changing back are e2e/wallet.spec.ts.
import { gotoHydrated, test } from './fixtures'
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, installServer, perform, prepareWalletPlayer, STATE_CHECKS, WalletModel, type JourneyContext } from './models/wallet.journey'
import { describeEvent, SKIPPED, walletJourneys, walletModelMachine } from './models/wallet.paths'

describeModelJourneys({
  name: 'wallet model',
  everyProject: 'e2e/wallet.spec.ts',
  who: 'the player',
  machine: walletModelMachine,
  journeys: walletJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the wallet',
  titlePrefix: (journey) => `[${journey.world}] `,
  // The limited world's refusal is setCurrency's 400, compared with the model by its gesture.
  expectedErrors: (journey) => (journey.world === 'limited' ? refusedWith(400, 'Bad Request') : null),
  setUp: async (journey, { page, baseURL }) => {
    await test.step(journey.world === 'limited' ? 'a USD player with a weekly deposit limit' : 'a new USD player', () => prepareWalletPlayer(page, baseURL, journey.world))
    const server = await installServer(page)
    const see = new WalletModel(page)
    const context: JourneyContext = { see, server }
    return {
      start: async () => {
        await gotoHydrated(page, '/cashier/wallet')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
