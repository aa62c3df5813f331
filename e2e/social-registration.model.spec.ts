// Model-based journeys of the popup's 'Complete your registration' view, which opens by itself for
// a new social player (SPEC §2.3 socialRegistration): one per state the player can reach and per
// thing the view shows differently (the terms refused, the server's alert, the values sent), each
// the machine's shortest path (e2e/models/social-registration.paths.ts) played with the model's
// events as gestures and its states as checks after every step
// (e2e/models/social-registration.journey.ts). Each journey's player is a new person signed in at
// the development provider by the page's request context before the page loads.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/social-registration.paths.ts,
// printed by the first test below. The window that leads here is e2e/social-login.model.spec.ts;
// the backUrl kept through the window and this view is e2e/social.spec.ts.
import { test } from './fixtures'
import { expectLeavesAccountedFor, journeyTitle, playPath } from './models/journeys'
import { checkState, installServer, perform, SocialRegistrationModel, STATE_CHECKS, type JourneyContext } from './models/social-registration.journey'
import { describeEvent, SKIPPED, socialRegistrationJourneys } from './models/social-registration.paths'
import { socialRegistrationMachine } from '../src/machines/auth/social-registration.machine'

const journeys = socialRegistrationJourneys()
/** The refused completion's own request: Chromium logs the 400 the model expects. */
const EXPECTED_REFUSAL = /^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/

test.describe('social-registration model', () => {
  // The journeys check the flow, not the layout: e2e/social.spec.ts runs on every project.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the new social player can be in', () => {
    for (const [state, reason] of Object.entries(SKIPPED)) test.info().annotations.push({ type: `skipped ${state}`, description: reason })
    expectLeavesAccountedFor(socialRegistrationMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  for (const journey of journeys) {
    test(journeyTitle(journey, describeEvent, 'opening the site'), async ({ page, baseURL, errors }) => {
      const refused = journey.path.steps.some(({ event }) => event.type === 'xstate.done.actor.completeRegistration' && !event.output.ok)
      const server = await installServer(page)
      const see = new SocialRegistrationModel(page, baseURL!)
      const context: JourneyContext = { see, server }
      try {
        await playPath(journey.path, {
          start: () => see.open(),
          perform: (event) => perform(page, event, context),
          check: (snapshot) => checkState(see, snapshot),
          describeEvent,
        })
      } finally {
        await server.dispose()
        if (refused) errors.splice(0, errors.length, ...errors.filter((e) => !EXPECTED_REFUSAL.test(e)))
      }
    })
  }
})
