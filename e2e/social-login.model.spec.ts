// Model-based journeys of the auth popup's social buttons: one per state a visitor can reach and
// per alert the buttons show, each the machine's shortest path (e2e/models/social-login.paths.ts)
// played with the model's events as what the visitor does in the popup and in the provider's
// 640x480 window (the development identity provider), its states as checks after every step
// (e2e/models/social-login.journey.ts). A journey that signs in a returning player makes and
// completes that account through the provider and the API first, in a context of its own (and a
// banned one has the operator API ban it); a
// journey whose browser refuses the window makes window.open answer null before the page loads.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/social-login.paths.ts,
// printed by the first test below. The backUrl kept across the window and the completion, and the
// registration view's terms guarding its buttons, are e2e/social.spec.ts; the completion view
// itself is e2e/social-registration.model.spec.ts.
import { describeModelJourneys } from './models/model-spec'
import { checkState, installServer, makeBannedPlayer, makeReturningPlayer, perform, SocialLoginModel, STATE_CHECKS, type JourneyContext } from './models/social-login.journey'
import { describeEvent, pathNeeds, SKIPPED, socialLoginJourneys } from './models/social-login.paths'
import { socialLoginMachine } from '../src/machines/auth/social-login/social-login.machine'

describeModelJourneys({
  name: 'social-login model',
  everyProject: 'e2e/social.spec.ts',
  who: 'the visitor',
  machine: socialLoginMachine,
  journeys: socialLoginJourneys(),
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the popup',
  setUp: async (journey, { page, request, baseURL }) => {
    const needs = pathNeeds(journey.path.steps.map((step) => step.event))
    const returningPlayer = needs.returningPlayer ? await makeReturningPlayer(request, baseURL) : null
    const bannedPlayer = needs.bannedPlayer ? await makeBannedPlayer(request, baseURL) : null
    const server = await installServer(page)
    const see = new SocialLoginModel(page, baseURL, { blockedWindow: needs.blockedWindow, returningPlayer, bannedPlayer })
    const context: JourneyContext = { see, server, at: null }
    return {
      start: () => see.open(),
      perform: (event) => perform(page, event, context),
      check: async (snapshot) => {
        await checkState(see, snapshot)
        context.at = snapshot
      },
      dispose: async () => {
        await see.window?.close()
        await server.dispose()
      },
    }
  },
})
