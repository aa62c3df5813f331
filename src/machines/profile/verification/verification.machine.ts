// Identity verification on /profile/verification, in the steps of SPEC §4: start, verification
// (the provider's SDK in a frame), completed (under review, verified or refused) and change (the
// provider asks for documents again). The provider's webhook moves the status on the server; the
// page reads it, when the SDK says something happened and every little while during a review
// (docs/machines.md#verification).
import { assign, emit, setup } from 'xstate'
import type { VERIFICATION_ERROR_CODE } from '../../../services/api/contract/verification'
import type { AuthResult } from '../../auth/auth.types'
import { loadStatus, openSdk, renewToken, submitDocuments } from './verification.actors'
import {
  VERIFICATION_CHANGED,
  type LoadVerificationResult,
  type OpenSdkResult,
  type VerificationActionParams,
  type VerificationContext,
  type VerificationEmitted,
  type VerificationEvent,
  type VerificationMessageId,
  type VerificationStatus,
} from './verification.types'

/** The codes the chart routes on, as the contract spells them (a machine imports only its types). */
export const VERIFICATION_CODES = {
  profileIncomplete: 'kyc_profile_incomplete',
  alreadyVerified: 'already_verified',
  finalRejection: 'verification_rejected',
  notSubmitted: 'verification_not_submitted',
  providerUnavailable: 'kyc_unavailable',
} as const satisfies typeof VERIFICATION_ERROR_CODE

export const VERIFICATION_TAGS = { busy: 'busy', sdk: 'sdk' } as const
export type VerificationTag = (typeof VERIFICATION_TAGS)[keyof typeof VERIFICATION_TAGS]

/** How often a review in progress is read again; the SDK's own notices come sooner. */
export const STATUS_POLL_MS = 10_000

const missingOf = (result: AuthResult): string[] => {
  if (result.ok) return []
  const fields = result.error.errorData?.['fields']
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : []
}
const codeOf = (result: AuthResult): unknown => (result.ok ? null : result.error.code)

const verificationSetup = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    emitted: {} as VerificationEmitted,
    children: {} as { loadStatus: 'loadStatus'; openSdk: 'openSdk'; renewToken: 'renewToken'; submitDocuments: 'submitDocuments' },
    tags: {} as VerificationTag,
  },
  actors: { loadStatus, openSdk, renewToken, submitDocuments },
  delays: { statusPoll: STATUS_POLL_MS },
  actions: {
    reportError: (_, params: VerificationActionParams['reportError']) => {
      console.error('verificationMachine:', params.error)
    },
    assignState: assign((_, params: { result: LoadVerificationResult }) => (params.result.ok ? { state: params.result.state } : {})),
    assignSdk: assign((_, params: { result: OpenSdkResult }) => (params.result.ok ? { sdk: params.result.sdk, alert: null, missingFields: [] } : {})),
    dropSdk: assign({ sdk: null }),
    assignMissing: assign((_, params: { result: AuthResult }) => ({ missingFields: missingOf(params.result), sdk: null })),
    assignAlert: assign((_, params: { alert: VerificationMessageId | null }) => ({ alert: params.alert })),
    announceChange: emit(({ context }) => ({ type: VERIFICATION_CHANGED, status: context.state?.status ?? 'none' })),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    status: (_, params: { result: LoadVerificationResult; status: readonly VerificationStatus[] }) => params.result.ok && params.status.includes(params.result.state.status),
    code: (_, params: { result: AuthResult; code: string }) => codeOf(params.result) === params.code,
  },
})

type Done<T> = { event: { output: T } }
const loaded = ({ event }: Done<LoadVerificationResult>) => ({ result: event.output })
const opened = ({ event }: Done<OpenSdkResult>) => ({ result: event.output })
const isStatus =
  (...status: VerificationStatus[]) =>
  ({ event }: Done<LoadVerificationResult>) => ({ result: event.output, status })
const isCode =
  (code: string) =>
  ({ event }: Done<AuthResult>) => ({ result: event.output, code })

/** Where an answered status leads; `announce` tells the page the account changed too. */
const byStatus = (announce: boolean) => {
  const actions = (extra: readonly ('dropSdk' | 'announceChange')[] = []) => [
    { type: 'assignState', params: loaded } as const,
    ...extra,
    ...(announce ? (['announceChange'] as const) : []),
  ]
  return [
    { guard: { type: 'status', params: isStatus('none', 'init') }, target: '#verification.start', actions: actions(['dropSdk']) },
    { guard: { type: 'status', params: isStatus('pending') }, target: '#verification.completed.reviewing', actions: [{ type: 'assignState', params: loaded } as const] },
    { guard: { type: 'status', params: isStatus('approved') }, target: '#verification.completed.approved', actions: actions(['dropSdk']) },
    { guard: { type: 'status', params: isStatus('rejected') }, target: '#verification.completed.rejected', actions: actions(['dropSdk']) },
    { guard: { type: 'status', params: isStatus('resubmit') }, target: '#verification.change', actions: actions(['dropSdk']) },
  ] as const
}

export const verificationMachine = verificationSetup.createMachine({
  id: 'verification',
  context: { state: null, sdk: null, missingFields: [], alert: null },
  initial: 'loading',
  states: {
    loading: {
      tags: VERIFICATION_TAGS.busy,
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [...byStatus(false), { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } }],
        onError: { target: 'loadFailed', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }] },
      },
    },
    loadFailed: { on: { 'verification.retry': { target: 'loading', actions: { type: 'assignAlert', params: { alert: null } } } } },
    start: { on: { 'verification.start': 'preparing' } },
    change: { on: { 'verification.start': 'preparing' } },
    // The provider needs profile fields the player has not given: the fill-profile prompt.
    needsProfile: { on: { 'verification.start': 'preparing' } },
    preparing: {
      tags: VERIFICATION_TAGS.busy,
      entry: { type: 'assignAlert', params: { alert: null } },
      invoke: {
        id: 'openSdk',
        src: 'openSdk',
        onDone: [
          { guard: { type: 'ok', params: opened }, target: 'verification', actions: { type: 'assignSdk', params: opened } },
          { guard: { type: 'code', params: isCode(VERIFICATION_CODES.profileIncomplete) }, target: 'needsProfile', actions: { type: 'assignMissing', params: opened } },
          // Verified or refused meanwhile (another tab, staff): the page shows where it stands.
          { guard: { type: 'code', params: isCode(VERIFICATION_CODES.alreadyVerified) }, target: 'loading' },
          { guard: { type: 'code', params: isCode(VERIFICATION_CODES.finalRejection) }, target: 'loading' },
          { guard: { type: 'code', params: isCode(VERIFICATION_CODES.providerUnavailable) }, target: 'loading', actions: { type: 'assignAlert', params: { alert: 'unavailable' } } },
          { target: 'loading', actions: { type: 'assignAlert', params: { alert: 'startFailed' } } },
        ],
        onError: { target: 'loading', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'startFailed' } }] },
      },
    },
    verification: {
      tags: VERIFICATION_TAGS.sdk,
      on: {
        'sdk.submitted': 'submitting',
        'sdk.tokenExpired': 'renewing',
        // The provider answered at once (the sandbox's reviewer): read where it stands.
        'sdk.reviewed': 'completed.polling',
      },
    },
    renewing: {
      tags: [VERIFICATION_TAGS.sdk, VERIFICATION_TAGS.busy],
      invoke: {
        id: 'renewToken',
        src: 'renewToken',
        onDone: [
          { guard: { type: 'ok', params: opened }, target: 'verification', actions: { type: 'assignSdk', params: opened } },
          { target: 'loading', actions: ['dropSdk', { type: 'assignAlert', params: { alert: 'startFailed' } }] },
        ],
        onError: { target: 'loading', actions: ['dropSdk', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'startFailed' } }] },
      },
    },
    submitting: {
      tags: [VERIFICATION_TAGS.sdk, VERIFICATION_TAGS.busy],
      invoke: {
        id: 'submitDocuments',
        src: 'submitDocuments',
        onDone: [
          { guard: { type: 'ok', params: loaded }, target: 'completed.reviewing', actions: [{ type: 'assignState', params: loaded }, 'announceChange'] },
          // The provider has no documents under review: the SDK stays, to send them.
          { guard: { type: 'code', params: isCode(VERIFICATION_CODES.notSubmitted) }, target: 'verification', actions: { type: 'assignAlert', params: { alert: 'notSubmitted' } } },
          { target: 'verification', actions: { type: 'assignAlert', params: { alert: 'submitFailed' } } },
        ],
        onError: { target: 'verification', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'submitFailed' } }] },
      },
    },
    completed: {
      initial: 'reviewing',
      states: {
        reviewing: {
          // The SDK may still show its review screen (the sandbox's reviewer is there).
          tags: VERIFICATION_TAGS.sdk,
          after: { statusPoll: 'polling' },
          on: { 'sdk.reviewed': 'polling', 'sdk.tokenExpired': { actions: 'dropSdk' } },
        },
        polling: {
          tags: VERIFICATION_TAGS.sdk,
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            // A failed read is tried again at the next turn; the review goes on meanwhile.
            onDone: [...byStatus(true), { target: 'reviewing' }],
            onError: { target: 'reviewing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        approved: {},
        rejected: {},
      },
    },
  },
})

export type VerificationMachine = typeof verificationMachine
