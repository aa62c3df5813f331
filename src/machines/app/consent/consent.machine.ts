// Cookie consent and what it gates (SPEC §3 'Other' analytics, §4 'Marketing analytics', §7 /hit
// and the device-fingerprint script, §9 fingerprint hit 3000 ms). Spawned by the root actor on the
// server too, so the banner is in the HTML exactly when the cookie holds no choice; the effects
// wait for 'app.hydrated'. Parallel regions: the banner, and per effect its own progress.
// The tools themselves load in the browser's applyConsent (src/services/analytics): the chart
// says when, the script loader makes sure nothing loads outside a granted category.

import { and, assertEvent, assign, or, setup, stateIn } from 'xstate'
import { FINGERPRINT_HIT_DELAY_MS, FINGERPRINT_TIMEOUT_MS } from '../../../shared/constants'
import { CONSENT_ALL, CONSENT_NECESSARY_ONLY, isGranted, type ConsentChoice } from '../../../shared/consent'
import { TOOL_CATEGORY } from '../../../shared/analytics-settings'
import { loadFingerprint, sendHit } from './consent.actors'
import { CONSENT_TAGS, type ConsentContext, type ConsentEvent, type ConsentInput, type FingerprintResult } from './consent.types'

const consentSetup = setup({
  types: {
    input: {} as ConsentInput,
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    children: {} as { loadFingerprint: 'loadFingerprint'; sendHit: 'sendHit' },
    tags: {} as (typeof CONSENT_TAGS)[keyof typeof CONSENT_TAGS],
  },
  actors: { loadFingerprint, sendHit },
  delays: { hitDelay: FINGERPRINT_HIT_DELAY_MS, fingerprintTimeout: FINGERPRINT_TIMEOUT_MS },
  actions: {
    /** Writes the consent cookie for a year. The browser implements it. */
    persistConsent: (_, params: { choice: ConsentChoice }) => {
      throw new Error(`consentMachine: action "persistConsent" not provided (${JSON.stringify(params.choice)})`)
    },
    /**
     * Tells the page's analytics and script loader what is granted now: they load what a category
     * newly allows and stop sending to what it no longer does. The browser implements it.
     */
    applyConsent: ({ context }) => {
      throw new Error(`consentMachine: action "applyConsent" not provided (${JSON.stringify(context.choice)})`)
    },
    reportError: (_, params: { error: unknown }) => {
      console.error('consentMachine:', params.error)
    },
    assignChoice: assign((_, params: { choice: ConsentChoice }) => ({ choice: params.choice })),
    assignSession: assign((_, params: { result: FingerprintResult }) => ({ seonSession: params.result.ok ? params.result.session : null })),
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
    fingerprintOff: ({ context }) => !context.settings.fingerprintEnabled,
    fingerprintAllowed: ({ context }) => isGranted(context.choice, TOOL_CATEGORY.fingerprint),
    /** The visit is analytics: it is recorded once the visitor allowed analytics. */
    hitAllowed: ({ context }) => isGranted(context.choice, 'analytics'),
    /** The visit waits for a fingerprint that is loading, so it carries the session when there is one. */
    fingerprintGotSession: (_, params: { result: FingerprintResult }) => params.result.ok,
  },
})

/** The banner's three answers: the choice is taken, kept for a year, and the banner closes. */
const choices = {
  'consent.acceptAll': { target: 'closed', actions: choose(() => CONSENT_ALL) },
  'consent.rejectAll': { target: 'closed', actions: choose(() => CONSENT_NECESSARY_ONLY) },
  'consent.save': {
    target: 'closed',
    actions: choose(({ event }) => {
      assertEvent(event, 'consent.save')
      return { analytics: event.analytics, marketing: event.marketing }
    }),
  },
} as const

function choose(pick: (args: { event: ConsentEvent }) => ConsentChoice) {
  return [
    { type: 'assignChoice', params: ({ event }: { event: ConsentEvent }) => ({ choice: pick({ event }) }) },
    { type: 'persistConsent', params: ({ event }: { event: ConsentEvent }) => ({ choice: pick({ event }) }) },
  ] as const
}

export const consentMachine = consentSetup.createMachine({
  id: 'consent',
  type: 'parallel',
  context: ({ input }) => ({ choice: input.choice, settings: input.settings, seonSession: null }),
  states: {
    banner: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'hasChoice', target: 'closed' }, { target: 'asking' }] },
        // Not asked yet: the banner stays until the visitor chooses; there is no way around it.
        asking: { tags: CONSENT_TAGS.asking, on: choices },
        // Reopened from the footer: the visitor may also leave it as it was.
        reviewing: { tags: CONSENT_TAGS.asking, on: { ...choices, 'consent.dismiss': 'closed' } },
        closed: { on: { 'consent.open': 'reviewing' } },
      },
    },
    effects: {
      initial: 'dormant',
      states: {
        // The server's actor, and the browser's until it has taken over the page.
        dormant: { on: { 'app.hydrated': 'running' } },
        running: {
          type: 'parallel',
          entry: 'applyConsent',
          // The banner's region has taken the choice by now (regions act in document order).
          on: { 'consent.acceptAll': { actions: 'applyConsent' }, 'consent.rejectAll': { actions: 'applyConsent' }, 'consent.save': { actions: 'applyConsent' } },
          states: {
            fingerprint: {
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'fingerprintOff', target: 'off' }, { guard: 'fingerprintAllowed', target: 'loading' }, { target: 'waiting' }],
                },
                off: {},
                // Enabled, but the visitor has not allowed it (yet): a later choice may.
                waiting: { always: { guard: 'fingerprintAllowed', target: 'loading' } },
                loading: {
                  invoke: {
                    id: 'loadFingerprint',
                    src: 'loadFingerprint',
                    input: ({ context }) => ({ settings: context.settings }),
                    onDone: [
                      {
                        guard: { type: 'fingerprintGotSession', params: ({ event }) => ({ result: event.output }) },
                        target: 'ready',
                        actions: { type: 'assignSession', params: ({ event }) => ({ result: event.output }) },
                      },
                      { target: 'failed' },
                    ],
                    onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                  },
                  // A script that hangs is a failure too: the visit goes without a session.
                  after: { fingerprintTimeout: 'failed' },
                },
                ready: {},
                failed: {},
              },
            },
            hit: {
              initial: 'waiting',
              states: {
                waiting: { after: { hitDelay: 'due' } },
                // Sent once analytics are allowed and the fingerprint has settled (session or not).
                due: {
                  always: {
                    guard: and([
                      'hitAllowed',
                      or([
                        stateIn({ effects: { running: { fingerprint: 'off' } } }),
                        stateIn({ effects: { running: { fingerprint: 'ready' } } }),
                        stateIn({ effects: { running: { fingerprint: 'failed' } } }),
                      ]),
                    ]),
                    target: 'sending',
                  },
                },
                sending: {
                  invoke: {
                    id: 'sendHit',
                    src: 'sendHit',
                    input: ({ context }) => ({ seonSession: context.seonSession }),
                    onDone: 'sent',
                    // Recording a visit is not the visitor's concern: reported, never retried.
                    onError: { target: 'sent', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                sent: {},
              },
            },
          },
        },
      },
    },
  },
})

export type ConsentMachine = typeof consentMachine
