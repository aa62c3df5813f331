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
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, installServer, perform, ResetModel, STATE_CHECKS, tokenFor, type JourneyContext } from './models/reset-password.journey'
import { describeEvent, resetJourneys, resetModelMachine, SKIPPED } from './models/reset-password.paths'

describeModelJourneys({
  name: 'reset-password model',
  everyProject: 'e2e/recovery.spec.ts',
  who: 'the player',
  machine: resetModelMachine,
  journeys: resetJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'following the link',
  titlePrefix: (journey) => `${journey.link} link: `,
  // The refusals the model expects: a used token, a common password.
  expectedErrors: () => refusedWith(400, 'Bad Request'),
  setUp: async (journey, { page, request, baseURL }) => {
    const token = await test.step(`a ${journey.link} link`, () => tokenFor(journey.link, request, baseURL))
    const server = await installServer(page)
    const see = new ResetModel(page)
    const context: JourneyContext = { see, server }
    return {
      start: () => see.follow(token),
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
