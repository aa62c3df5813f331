// Model-based journeys of the auth popup's sign-up view: one per state a visitor can reach, and per
// thing the form shows differently (the mode, another country's fields, a refused submit), each the
// machine's shortest path (e2e/models/registration.paths.ts) played with the model's events as
// gestures and its states as checks after every step (e2e/models/registration.journey.ts), against
// the real server. A journey that registers uses an e-mail of its own run, project and journey.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/registration.paths.ts,
// printed by the first test below. Events the samples leave out, and why: PLAYER_SAMPLES there.
import { test } from './fixtures'
import { expectLeavesAccountedFor, journeyTitle, PageClock, playPath } from './models/journeys'
import { checkState, installServer, perform, RegistrationModel, STATE_CHECKS, type JourneyContext } from './models/registration.journey'
import { describeEvent, registrationJourneys, SKIPPED } from './models/registration.paths'
import { registrationMachine } from '../src/machines/auth/registration.machine'

const journeys = registrationJourneys()
/** The server refuses a taken e-mail with 400, which Chromium logs; the model expects that answer. */
const EXPECTED_REFUSAL = /^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/

test.describe('registration model', () => {
  // The journeys check the flow, not the layout: e2e/register.spec.ts runs on every project.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the visitor can be in', () => {
    for (const [state, reason] of Object.entries(SKIPPED)) test.info().annotations.push({ type: `skipped ${state}`, description: reason })
    expectLeavesAccountedFor(registrationMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  journeys.forEach((journey, index) => {
    test(journeyTitle(journey, describeEvent, 'opening the sign-up view'), async ({ page, errors }, testInfo) => {
      const clock = await PageClock.install(page)
      const server = await installServer(page)
      const freshEmail = `reg-model-${testInfo.project.name}-${index}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
      const see = new RegistrationModel(page, freshEmail)
      const context: JourneyContext = { see, server, clock }
      try {
        await playPath(journey.path, {
          start: () => see.open(),
          perform: (event) => perform(page, event, context),
          check: (snapshot) => checkState(see, snapshot),
          describeEvent,
        })
      } finally {
        await server.dispose()
        errors.splice(0, errors.length, ...errors.filter((e) => !EXPECTED_REFUSAL.test(e)))
      }
    })
  })
})
