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
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, installServer, perform, SocialRegistrationModel, STATE_CHECKS, type JourneyContext } from './models/social-registration.journey'
import { describeEvent, SKIPPED, socialRegistrationJourneys } from './models/social-registration.paths'
import { socialRegistrationMachine } from '../src/machines/auth/social-registration/social-registration.machine'

describeModelJourneys({
  name: 'social-registration model',
  everyProject: 'e2e/social.spec.ts',
  who: 'the new social player',
  machine: socialRegistrationMachine,
  journeys: socialRegistrationJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the site',
  // The refused completion's own request: Chromium logs the 400 the model expects.
  expectedErrors: (journey) =>
    journey.path.steps.some(({ event }) => event.type === 'xstate.done.actor.completeRegistration' && !event.output.ok) ? refusedWith(400, 'Bad Request') : null,
  setUp: async (_journey, { page, baseURL }) => {
    const server = await installServer(page)
    const see = new SocialRegistrationModel(page, baseURL)
    const context: JourneyContext = { see, server }
    return {
      start: () => see.open(),
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
