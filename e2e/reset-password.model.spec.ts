// Model-based journeys of the 'Set a new password' dialog a recovery link opens: one per state a
// player can reach, and one per thing the dialog shows differently (the form's refusal, the
// server's 'too common', where the dialog leads once closed), each the machine's shortest path
// (e2e/models/reset-password.paths.ts) played with the model's events as gestures and its states
// as checks after every step (e2e/models/reset-password.journey.ts). The link is the world: a real
// link mailed to the journey's own player (asked for through the API, read from /dev/mailbox), the
// same link used once already, or a link cut short.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/reset-password.paths.ts,
// printed by the first test below. Asking for the link in the popup and logging in with the new
// password afterwards is e2e/recovery.spec.ts.
import { test } from './fixtures'
import { expectLeavesAccountedFor, journeyTitle, playPath } from './models/journeys'
import { checkState, installServer, perform, ResetModel, STATE_CHECKS, tokenFor, type JourneyContext } from './models/reset-password.journey'
import { describeEvent, resetJourneys, resetModelMachine, SKIPPED } from './models/reset-password.paths'

const journeys = resetJourneys()
/** The refusals the model expects: a used token, a common password. */
const EXPECTED_REFUSAL = /^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/

test.describe('reset-password model', () => {
  // The journeys check the flow, not the layout: e2e/recovery.spec.ts runs on every project.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the player can be in', () => {
    for (const [state, reason] of Object.entries(SKIPPED)) test.info().annotations.push({ type: `skipped ${state}`, description: reason })
    expectLeavesAccountedFor(resetModelMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  for (const journey of journeys) {
    test(`${journey.link} link: ${journeyTitle(journey, describeEvent, 'following the link')}`, async ({ page, request, baseURL, errors }) => {
      const token = await test.step(`a ${journey.link} link`, () => tokenFor(journey.link, request, baseURL!))
      const server = await installServer(page)
      const see = new ResetModel(page)
      const context: JourneyContext = { see, server }
      try {
        await playPath(journey.path, {
          start: () => see.follow(token),
          perform: (event) => perform(page, event, context),
          check: (snapshot) => checkState(see, snapshot),
          describeEvent,
        })
      } finally {
        await server.dispose()
        errors.splice(0, errors.length, ...errors.filter((e) => !EXPECTED_REFUSAL.test(e)))
      }
    })
  }
})
