// Model-based journeys of the auth popup's 'Reset your password' view: one per state a visitor can
// reach, and per thing the view shows differently (a link asked by e-mail, by phone, for an address
// nobody has; the empty field refused), each the machine's shortest path
// (e2e/models/restore.paths.ts) played with the model's events as gestures and its states as checks
// after every step (e2e/models/restore.journey.ts), against the real server and its development
// mailbox. A journey that asks for a player's link registers that player first, through the API.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/restore.paths.ts, printed by
// the first test below. The whole recovery (the link followed, a new password, a login with it)
// is e2e/recovery.spec.ts.
import { describeModelJourneys, refusedWith } from './models/model-spec'
import { checkState, installServer, perform, registerRestorePlayer, RestoreModel, STATE_CHECKS, type JourneyContext } from './models/restore.journey'
import { describeEvent, LOGIN, restoreJourneys, SKIPPED } from './models/restore.paths'
import { restoreMachine } from '../src/machines/auth/restore/restore.machine'

describeModelJourneys({
  name: 'restore model',
  everyProject: 'e2e/recovery.spec.ts',
  who: 'the visitor',
  machine: restoreMachine,
  journeys: restoreJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the view',
  // The throttled journey's own requests: Chromium logs the 429 the model expects.
  expectedErrors: () => refusedWith(429, 'Too Many Requests'),
  setUp: async (journey, { page, request, baseURL }) => {
    const typesPlayer = journey.path.steps.some(({ event }) => event.type === 'restore.field.change' && (event.value === LOGIN.email || event.value === LOGIN.phone))
    const player = typesPlayer ? await registerRestorePlayer(request, baseURL) : null
    const server = await installServer(page)
    const see = new RestoreModel(page, baseURL, player)
    const context: JourneyContext = { see, server }
    return {
      start: () => see.open(),
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      dispose: () => server.dispose(),
    }
  },
})
