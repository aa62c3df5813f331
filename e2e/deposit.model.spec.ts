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
import { playPath } from './models/journeys'
import { describeModelJourneys } from './models/model-spec'

const journeys = depositJourneys()

/** A player of its own (a payment through the hosted page), then the deposit page. */
async function prepare(page: Page, baseURL: string) {
  await test.step('a player who paid 50.00 with the test card', () => prepareDepositor(page, baseURL))
  const server = await installServer(page)
  const see = new DepositModel(page)
  const context: JourneyContext = { see, server }
  return {
    see,
    server,
    start: async () => {
      await gotoHydrated(page, '/cashier/deposit')
    },
    perform: (event: Parameters<typeof perform>[1]) => perform(page, event, context),
    check: (snapshot: DepositJourney['path']['state']) => checkState(see, snapshot),
    dispose: () => server.dispose(),
  }
}

/** Plays a journey to its end, for the tests that go on from there. */
async function play(journey: DepositJourney, page: Page, baseURL: string) {
  const prepared = await prepare(page, baseURL)
  await playPath(journey.path, { ...prepared, describeEvent })
  return prepared
}

describeModelJourneys({
  name: 'deposit model',
  everyProject: 'e2e/cashier.spec.ts',
  who: 'the player',
  machine: depositModelMachine,
  journeys,
  checks: STATE_CHECKS,
  skipped: SKIPPED,
  describeEvent,
  opening: 'opening the deposit page',
  slow: true,
  setUp: (_journey, { page, baseURL }) => prepare(page, baseURL),
  more: () => {
    const redirecting = journeys.find(({ path }) => path.state.matches('redirecting'))
    for (const outcome of PROVIDER_OUTCOMES) {
      test(`reaches redirecting, then on the sandbox's page: ${outcome.name} → ${outcome.page}`, async ({ page, baseURL, errors: _errors }) => {
        test.slow()
        expect(redirecting, 'a journey reaches redirecting').toBeDefined()
        const { server, see } = await play(redirecting!, page, baseURL!)
        await test.step(`${outcome.name} → ${outcome.page}`, () => checkProviderOutcome(see, redirecting!.path.state, outcome))
        await server.dispose()
      })
    }

    for (const outcome of ELSEWHERE_OUTCOMES) {
      test(`reaches ${outcome.state}, then ${outcome.name} → ${outcome.page}`, async ({ page, browser, baseURL, errors: _errors }) => {
        test.slow()
        const journey = journeys.find(({ path }) => path.state.matches(outcome.state))
        expect(journey, `a journey reaches ${outcome.state}`).toBeDefined()
        const { server, see } = await play(journey!, page, baseURL!)
        await test.step(`${outcome.name} → ${outcome.page}`, () => checkElsewhereOutcome(see, browser, journey!.path.state, outcome))
        await server.dispose()
      })
    }
  },
})
