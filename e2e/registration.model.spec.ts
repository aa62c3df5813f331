// Model-based journeys of the auth popup's sign-up view: one per state a visitor can reach, and per
// thing the form shows differently (the mode, another country's fields, a refused submit), each the
// machine's shortest path (e2e/models/registration.paths.ts) played with the model's events as
// gestures and its states as checks after every step (e2e/models/registration.journey.ts), against
// the real server. A journey that registers uses an e-mail of its own run, project and journey.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/registration.paths.ts,
// printed by the first test below. Events the samples leave out, and why: PLAYER_SAMPLES there.
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { PageClock } from './models/journeys'
import { checkState, installServer, perform, RegistrationModel, STATE_CHECKS, type JourneyContext } from './models/registration.journey'
import { describeEvent, registrationJourneys, SKIPPED } from './models/registration.paths'
import { registrationMachine } from '../src/machines/auth/registration/registration.machine'

describeModelJourneys({
  name: 'registration model',
  everyProject: 'e2e/register.spec.ts',
  who: 'the visitor',
  machine: registrationMachine,
  journeys: registrationJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the sign-up view',
  // The server refuses a taken e-mail with 400, which Chromium logs; the model expects that answer.
  expectedErrors: () => refusedWith(400, 'Bad Request'),
  setUp: async (_journey, { page, index }) => {
    const clock = await PageClock.install(page)
    const server = await installServer(page)
    const freshEmail = `reg-model-${index}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
    const see = new RegistrationModel(page, freshEmail)
    const context: JourneyContext = { see, server, clock }
    return {
      start: () => see.open(),
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
