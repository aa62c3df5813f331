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
import { test } from './fixtures'
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, installServer, PageClock, perform, STATE_CHECKS, type JourneyContext } from './models/login.journey'
import { LoginModel } from './models/login.model'
import { CODE, describeEvent, loginJourneys, PLAYERS, SKIPPED, type Journey } from './models/login.paths'
import { loginMachine } from '../src/machines/auth/login/login.machine'

const journeys = loginJourneys()

// Each journey whose accepted code reaches the server gets a recovery code of its own: a TOTP code
// works once per 30-second step, so journeys side by side (or login.spec.ts's) would race for it,
// and a recovery code works once per fresh database (the journeys run on one project only, so the
// codes are allotted for one run, and a retry gets another: the first try may have spent its own).
// A journey that ends before the server answers the code types one too, which is never sent.
const answersCode = (steps: Journey['path']['steps']) =>
  steps.some(({ event }) => event.type === 'otp.change' && event.code === CODE.accepted) &&
  steps.some(({ event }) => event.type === 'xstate.done.actor.verifyCode')
const codeUsers = journeys.filter(({ path }) => answersCode(path.steps)).map(({ target }) => target)
const { recoveryCodes } = PLAYERS.twoFactor
const TRIES = 2
if (codeUsers.length * TRIES >= recoveryCodes.length) {
  throw new Error(`${codeUsers.length} journeys send an accepted code in up to ${TRIES} tries; the seeded player has ${recoveryCodes.length} recovery codes`)
}
const recoveryCodeOf = (target: string, retry: number) => {
  const index = codeUsers.indexOf(target)
  return index < 0 || retry >= TRIES ? recoveryCodes[recoveryCodes.length - 1]! : recoveryCodes[retry * codeUsers.length + index]!
}

describeModelJourneys({
  name: 'login model',
  everyProject: 'e2e/login.spec.ts',
  who: 'the player',
  machine: loginMachine,
  journeys,
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the popup',
  // A refused login (401) is an answer the path expects, compared with the model by its gesture.
  expectedErrors: () => refusedWith(401, 'Unauthorized'),
  setUp: async ({ target }, { page }) => {
    const clock = await PageClock.install(page)
    const server = await installServer(page)
    const see = new LoginModel(page)
    const context: JourneyContext = { see, server, clock, acceptedCode: recoveryCodeOf(target, test.info().retry) }
    return {
      start: () => see.openPopup(),
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
