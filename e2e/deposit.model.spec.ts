// Model-based journeys of the deposit flow: one per state the player can reach on the real cashier
// with the sandbox provider, and one per field the form refuses, each the machine's shortest path
// (e2e/models/deposit.paths.ts) played with the model's events as gestures and its states as
// checks after every step (e2e/models/deposit.journey.ts). Each journey's player is new: a USD
// account that has paid 50.00 once with the test card, so the card is saved.
//
// The journey to `redirecting` ends on the sandbox's hosted page; from there the provider's
// outcomes (test card, declined card, pending, fail, cancel) are played too, each landing on the
// result page the cashier gives it with the balance it should leave. The journey to `newWindow`
// (the e-wallet) ends with the provider's page in a new window and the cashier waiting on
// paynewwindow, the one to `mobile` (bitcoin) on paymobile with the hand-off to a phone; from
// there the window or the phone decides, and the waiting page moves on to the result page.
//
// States of the chart with no journey, and why: SKIPPED in e2e/models/deposit.paths.ts, printed
// by the first test below.
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import {
  checkElsewhereOutcome,
  checkProviderOutcome,
  ELSEWHERE_OUTCOMES,
  checkState,
  DepositModel,
  installServer,
  perform,
  prepareDepositor,
  PROVIDER_OUTCOMES,
  STATE_CHECKS,
  type JourneyContext,
} from './models/deposit.journey'
import { depositJourneys, depositModelMachine, describeEvent, SKIPPED, type DepositJourney } from './models/deposit.paths'
import { expectLeavesAccountedFor, journeyTitle, playPath } from './models/journeys'

const journeys = depositJourneys()

test.describe('deposit model', () => {
  // The journeys check the flow, not the layout: e2e/cashier.spec.ts runs on every project.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'flow journeys run on the desktop project')
  })

  test('the journeys reach every state the player can be in', () => {
    for (const [state, reason] of Object.entries(SKIPPED)) test.info().annotations.push({ type: `skipped ${state}`, description: reason })
    expectLeavesAccountedFor(depositModelMachine, journeys, STATE_CHECKS, SKIPPED)
  })

  const play = async (journey: DepositJourney, { page, baseURL }: { page: Page; baseURL: string }) => {
    await test.step('a player who paid 50.00 with the test card', () => prepareDepositor(page, baseURL))
    const server = await installServer(page)
    const see = new DepositModel(page)
    const context: JourneyContext = { see, server }
    await playPath(journey.path, {
      start: async () => {
        await gotoHydrated(page, '/cashier/deposit')
      },
      perform: (event) => perform(page, event, context),
      check: (snapshot) => checkState(see, snapshot),
      describeEvent,
    })
    return { server, see }
  }

  for (const journey of journeys) {
    test(journeyTitle(journey, describeEvent, 'opening the deposit page'), async ({ page, baseURL, errors: _errors }) => {
      // A player of its own is made first (a payment through the hosted page).
      test.slow()
      const { server } = await play(journey, { page, baseURL: baseURL! })
      await server.dispose()
    })
  }

  const redirecting = journeys.find(({ path }) => path.state.matches('redirecting'))
  for (const outcome of PROVIDER_OUTCOMES) {
    test(`reaches redirecting, then on the sandbox's page: ${outcome.name} → ${outcome.page}`, async ({ page, baseURL, errors: _errors }) => {
      test.slow()
      expect(redirecting, 'a journey reaches redirecting').toBeDefined()
      const { server, see } = await play(redirecting!, { page, baseURL: baseURL! })
      await test.step(`${outcome.name} → ${outcome.page}`, () => checkProviderOutcome(see, redirecting!.path.state, outcome))
      await server.dispose()
    })
  }

  for (const outcome of ELSEWHERE_OUTCOMES) {
    test(`reaches ${outcome.state}, then ${outcome.name} → ${outcome.page}`, async ({ page, browser, baseURL, errors: _errors }) => {
      test.slow()
      const journey = journeys.find(({ path }) => path.state.matches(outcome.state))
      expect(journey, `a journey reaches ${outcome.state}`).toBeDefined()
      const { server, see } = await play(journey!, { page, baseURL: baseURL! })
      await test.step(`${outcome.name} → ${outcome.page}`, () => checkElsewhereOutcome(see, browser, journey!.path.state, outcome))
      await server.dispose()
    })
  }
})
