// The Playwright part every model spec shares (docs/flows.md 'Model-based journeys'): one describe
// per model, run on the desktop project only (the flow, not the layout: a hand-written spec runs
// the same pages on every project), a first test that every state of the chart is reached by some
// journey or skipped with its reason, then one test per journey that prepares what the journey
// needs, plays its path (gesture, then check, per step) and disposes of what it installed.
//
// A model brings its journeys and a `setUp` that returns how to start, perform and check; nothing
// here knows a flow.
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import { test } from '../fixtures'
import { expectLeavesAccountedFor, journeyTitle, playPath, type Journey } from './journeys'

/** What a journey's set-up gets from Playwright, and its index among the model's journeys. */
export interface JourneyWorld {
  readonly page: Page
  readonly request: APIRequestContext
  readonly baseURL: string
  readonly browser: Browser
  readonly index: number
}

/** A journey ready to play: its start, gestures and checks, and what ends it. */
export interface PreparedJourney<S, E> {
  readonly start: () => Promise<void>
  readonly perform: (event: E) => Promise<void>
  readonly check: (snapshot: S) => Promise<void>
  /** Releases what the set-up installed (held requests, windows); runs when the journey fails too. */
  readonly dispose: () => Promise<void>
}

export interface ModelSpec<S extends AnyMachineSnapshot, E extends EventObject, J extends Journey<S, E>> {
  /** The describe's title: 'restore model'. */
  readonly name: string
  /** The hand-written spec that plays these pages on every project (named in the skip reason). */
  readonly everyProject: string
  /** Who the states belong to, for the first test's title: 'the visitor'. */
  readonly who: string
  readonly machine: AnyStateMachine
  readonly journeys: readonly J[]
  /** The model's check per reached state (its STATE_CHECKS). */
  readonly checks: Readonly<Record<string, unknown>>
  /** The chart's states no journey reaches, with the reason (its SKIPPED). */
  readonly skipped: Readonly<Record<string, string | undefined>>
  readonly describeEvent: (event: E) => string
  /** What a path without events does, for its title: 'opening the view'. */
  readonly opening: string
  /** A prefix for a journey's title (which input it starts from). */
  readonly titlePrefix?: (journey: J) => string
  /**
   * The console errors this journey's own refusals make: Chromium logs every 4xx answer, and an
   * answer the path expects is compared with the model by its gesture. Any other error fails it.
   */
  readonly expectedErrors?: (journey: J) => RegExp | null
  /** Journeys that prepare a player through a payment first get the slow budget. */
  readonly slow?: boolean
  readonly setUp: (journey: J, world: JourneyWorld) => Promise<PreparedJourney<S, E>>
  /** More tests of the same model, inside its describe (after the journeys). */
  readonly more?: () => void
}

/** A fixed console message of one refused answer: 'status of 400 (Bad Request)'. */
export const refusedWith = (status: number, text: string): RegExp =>
  new RegExp(`^console: Failed to load resource: the server responded with a status of ${status} \\(${text}\\)$`)

export function describeModelJourneys<S extends AnyMachineSnapshot, E extends EventObject, J extends Journey<S, E>>(spec: ModelSpec<S, E, J>): void {
  test.describe(spec.name, () => {
    test.beforeEach(({}, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', `flow journeys run on the desktop project (${spec.everyProject} runs on every project)`)
    })

    test(`the journeys reach every state ${spec.who} can be in`, () => {
      for (const [state, reason] of Object.entries(spec.skipped)) test.info().annotations.push({ type: `skipped ${state}`, description: reason ?? '' })
      expectLeavesAccountedFor(spec.machine, spec.journeys, spec.checks, spec.skipped)
    })

    spec.journeys.forEach((journey, index) => {
      const title = `${spec.titlePrefix?.(journey) ?? ''}${journeyTitle(journey, spec.describeEvent, spec.opening)}`
      test(title, async ({ page, request, baseURL, browser, errors }) => {
        // A path that waits out a delay (the 30 s resend timer, say) needs more than the default budget.
        if (spec.slow || JSON.stringify(journey.path).includes('xstate.after.')) test.slow()
        const prepared = await spec.setUp(journey, { page, request, baseURL: baseURL!, browser, index })
        try {
          await playPath(journey.path, { ...prepared, describeEvent: spec.describeEvent })
        } finally {
          await prepared.dispose()
          const expected = spec.expectedErrors?.(journey)
          if (expected) errors.splice(0, errors.length, ...errors.filter((e) => !expected.test(e)))
        }
      })
    })

    spec.more?.()
  })
}
