// Model-based journeys of the two-factor set-up in the profile's security section: one per state a
// player can reach on /profile/security, and one per thing the section shows differently (each
// refusal, the set-up finished elsewhere, two-factor turned off again), each the machine's
// shortest path (e2e/models/two-factor-setup.paths.ts) played with the model's events as gestures
// and its states as checks after every step (e2e/models/two-factor-setup.journey.ts). Each
// journey's player is new, logged in through the API (its cookies), never through the popup.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/two-factor-setup.paths.ts,
// printed by the first test below. Logging in with the second factor once it is on (a TOTP code, a
// recovery code that works once) is e2e/two-factor.spec.ts.
import { gotoHydrated, test } from './fixtures'
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, holdClipboard, installServer, perform, prepareTwoFactorPlayer, STATE_CHECKS, TwoFactorModel, type JourneyContext } from './models/two-factor-setup.journey'
import { describeEvent, SKIPPED, twoFactorJourneys, twoFactorModelMachine } from './models/two-factor-setup.paths'

describeModelJourneys({
  name: 'two-factor set-up model',
  everyProject: 'e2e/two-factor.spec.ts',
  who: 'the player',
  machine: twoFactorModelMachine,
  journeys: twoFactorJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the security page',
  // The refusals the model expects: a wrong password or code (400), a banned player (403, let through by the fixture).
  expectedErrors: () => refusedWith(400, 'Bad Request'),
  setUp: async (_journey, { page, baseURL }) => {
    const world = await test.step('a player with two-factor off, logged in', () => prepareTwoFactorPlayer(page, baseURL))
    await holdClipboard(page)
    const server = await installServer(page)
    const context: JourneyContext = { see: new TwoFactorModel(page, baseURL, world), server, typedCode: '' }
    return {
      start: async () => {
        await gotoHydrated(page, '/profile/security')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(context, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
