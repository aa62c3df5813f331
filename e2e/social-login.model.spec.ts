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
import { test } from './fixtures'
import { expectLeavesAccountedFor, journeyTitle, playPath } from './models/journeys'
import { checkState, installServer, makeBannedPlayer, makeReturningPlayer, perform, SocialLoginModel, STATE_CHECKS, type JourneyContext } from './models/social-login.journey'
import { describeEvent, pathNeeds, SKIPPED, socialLoginJourneys } from './models/social-login.paths'
import { socialLoginMachine } from '../src/machines/auth/social-login.machine'

const journeys = socialLoginJourneys()

test.describe('social-login model', () => {
  // The journeys check the flow, not the layout: e2e/social.spec.ts runs on every project.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the visitor can be in', () => {
    for (const [state, reason] of Object.entries(SKIPPED)) test.info().annotations.push({ type: `skipped ${state}`, description: reason })
    expectLeavesAccountedFor(socialLoginMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  for (const journey of journeys) {
    test(journeyTitle(journey, describeEvent, 'opening the popup'), async ({ page, request, baseURL, errors: _errors }) => {
      const needs = pathNeeds(journey.path.steps.map((step) => step.event))
      const returningPlayer = needs.returningPlayer ? await makeReturningPlayer(request, baseURL!) : null
      const bannedPlayer = needs.bannedPlayer ? await makeBannedPlayer(request, baseURL!) : null
      const server = await installServer(page)
      const see = new SocialLoginModel(page, baseURL!, { blockedWindow: needs.blockedWindow, returningPlayer, bannedPlayer })
      const context: JourneyContext = { see, server, at: null }
      try {
        await playPath(journey.path, {
          start: () => see.open(),
          perform: (event) => perform(page, event, context),
          check: async (snapshot) => {
            await checkState(see, snapshot)
            context.at = snapshot
          },
          describeEvent,
        })
      } finally {
        await see.window?.close()
        await server.dispose()
      }
    })
  }
})
