// Model-based journeys of the login flow: one per state the player can reach on the real site,
// each the machine's shortest path to it (e2e/models/login.paths.ts), played in chromium with the
// model's events as gestures and its states as checks after every step (e2e/models/login.journey.ts).
//
// States of the chart with no journey here, and why: SKIPPED in e2e/models/login.paths.ts (a
// transient state; `blocked`, which e2e/account-status.spec.ts plays). Every other leaf state is
// reached below, the busy ones (submitting, verifying, resending, loadingSession) by holding the
// request until the path's answer.
// What the journeys do not produce, though the chart handles it (machine tests cover these):
// - form.failed with the 'tooManyRequests' alert: the same state as 'wrong enter', which is
//   reached; the site throttles only after 5 failures per account and IP times
//   AUTH_THROTTLE_MULTIPLIER (50 here: 250 argon2 checks), and they would count against every other
//   journey of the run, which all come from 127.0.0.1.
// - 'xstate.error.actor.*' (an actor that rejects: a bug or a dead network) and failing loadSession
//   answers: the real server cannot be made to give them without faking it.
// - twofa answers 'two_factor_expired' and throttled codes: they depend on the wall clock and on
//   hundreds of failures; the step is the same (twofa.step.editing with an alert).
import { expect, test } from './fixtures'
import { expectLeavesAccountedFor, journeyTitle, playPath } from './models/journeys'
import { checkState, installServer, PageClock, perform, STATE_CHECKS, type JourneyContext } from './models/login.journey'
import { LoginModel } from './models/login.model'
import { CODE, describeEvent, loginJourneys, PLAYERS, SKIPPED, type Journey } from './models/login.paths'
import { loginMachine } from '../src/machines/auth/login.machine'

const journeys = loginJourneys()
const EXPECTED_REFUSAL = /^console: Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/

// Each journey whose accepted code reaches the server gets a recovery code of its own: a TOTP code
// works once per 30-second step, so journeys side by side (or login.spec.ts's) would race for it,
// and a recovery code works once per fresh database. A journey that ends before the server answers
// the code types one too, which is never sent.
const answersCode = (steps: Journey['path']['steps']) =>
  steps.some(({ event }) => event.type === 'otp.change' && event.code === CODE.accepted) &&
  steps.some(({ event }) => event.type === 'xstate.done.actor.verifyCode')
const codeUsers = journeys.filter(({ path }) => answersCode(path.steps)).map(({ target }) => target)
const { recoveryCodes } = PLAYERS.twoFactor
if (codeUsers.length >= recoveryCodes.length) {
  throw new Error(`${codeUsers.length} journeys send an accepted code; the seeded player has ${recoveryCodes.length} recovery codes`)
}
const recoveryCodeOf = (target: string) => recoveryCodes[codeUsers.indexOf(target)] ?? recoveryCodes[recoveryCodes.length - 1]!

test.describe('login model', () => {
  // The journeys check the flow, not the layout (login.spec.ts runs on every project), and the
  // recovery codes above are allotted for one project's run.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the player can be in', () => {
    // STATE_CHECKS is typed by the chart's leaf states less SKIPPED: each must end some journey.
    expectLeavesAccountedFor(loginMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  for (const journey of journeys) {
    const { target, path } = journey
    test(journeyTitle(journey, describeEvent, 'opening the popup'), async ({ page, errors }) => {
      const clock = await PageClock.install(page)
      const server = await installServer(page)
      const see = new LoginModel(page)
      const context: JourneyContext = { see, server, clock, acceptedCode: recoveryCodeOf(target) }
      try {
        await playPath(path, {
          start: () => see.openPopup(),
          perform: (event) => perform(page, event, context),
          check: (snapshot) => checkState(see, snapshot),
          describeEvent,
        })
      } finally {
        await server.dispose()
        // Chromium logs every 4xx answer as a console error; a refused login (401) is an answer the
        // path expects, compared with the model by its gesture. Any other error fails the journey
        // (the `errors` fixture checks what is left).
        errors.splice(0, errors.length, ...errors.filter((e) => !EXPECTED_REFUSAL.test(e)))
      }
    })
  }
})
