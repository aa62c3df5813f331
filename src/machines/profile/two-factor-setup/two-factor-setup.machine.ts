// Two-factor set-up in the profile's security section (SPEC §1, §5 'Numeric code', §7, §8): what the player
// can do decides the states, and the server keeps a new secret pending until a code of it comes back (docs/machines.md#two-factor-setup).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import { confirmSetup, copyCodes, disableTwoFactor, reloadPage, startSetup } from './two-factor-setup.actors'
import { failureMessage, hasErrors, isBanned, validateDisableCode, validatePassword, validateSetupCode } from './two-factor-setup.rules'
import {
  TWO_FACTOR_STATUS_CHANGED,
  type AuthFailure,
  type PendingSecret,
  type TwoFactorAlert,
  type TwoFactorFieldErrors,
  type TwoFactorMessageId,
  type TwoFactorSetupActionParams,
  type TwoFactorSetupContext,
  type TwoFactorSetupEmitted,
  type TwoFactorSetupEvent,
  type TwoFactorSetupInput,
} from './two-factor-setup.types'

export const TWO_FACTOR_TAGS = {
  /** A request is in flight: the submit button shows loading. */
  busy: 'busy',
} as const

type Result = { ok: true } | { ok: false; error: AuthFailure }
type Done = { event: { output: Result } }

function failureOf(result: Result): AuthFailure {
  if (result.ok) throw new Error('twoFactorSetupMachine: expected a failed result')
  return result.error
}
function alert(messageId: TwoFactorMessageId, failure: AuthFailure | null = null): TwoFactorAlert {
  return { messageId, retryAfterSec: failure?.retryAfterSec ?? null }
}
function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`twoFactorSetupMachine: ${what} missing`)
  return value
}

const EMPTY = { password: '', code: '', fieldErrors: {}, alert: null } as const

const setupLogic = setup({
  types: {
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
    input: {} as TwoFactorSetupInput,
    tags: {} as (typeof TWO_FACTOR_TAGS)[keyof typeof TWO_FACTOR_TAGS],
    emitted: {} as TwoFactorSetupEmitted,
    children: {} as { startSetup: 'startSetup'; confirmSetup: 'confirmSetup'; disableTwoFactor: 'disableTwoFactor'; copyCodes: 'copyCodes' },
  },
  actors: { startSetup, confirmSetup, disableTwoFactor, copyCodes },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    statusChanged: emit((_, params: TwoFactorSetupActionParams['statusChanged']) => ({ type: TWO_FACTOR_STATUS_CHANGED, enabled: params.enabled })),
    showBlockedPage: (_, _params: TwoFactorSetupActionParams['showBlockedPage']) => reloadPage(),
    reportError: (_, params: TwoFactorSetupActionParams['reportError']) => {
      console.error('twoFactorSetupMachine:', params.error)
    },
    clearForm: assign({ ...EMPTY }),
    assignPassword: assign((_, params: { value: string }) => ({ password: params.value, fieldErrors: {}, alert: null })),
    assignCode: assign((_, params: { code: string }) => ({ code: params.code, fieldErrors: {}, alert: null })),
    assignFieldErrors: assign((_, params: { errors: TwoFactorFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: TwoFactorAlert | null }) => ({ alert: params.alert })),
    assignPending: assign((_, params: { pending: PendingSecret }) => ({ pending: params.pending, password: '' })),
    assignRecoveryCodes: assign((_, params: { codes: readonly string[] }) => ({
      recoveryCodes: params.codes,
      pending: null,
      code: '',
      enabled: true,
    })),
    forgetSecrets: assign({ pending: null, recoveryCodes: [], ...EMPTY }),
    markDisabled: assign({ enabled: false, ...EMPTY }),
    /** A refused code is not worth keeping: the next one is typed fresh. */
    clearCodeOnly: assign({ code: '' }),
  },
  guards: {
    startsOn: ({ context }) => context.enabled,
    passwordValid: ({ context }) => !hasErrors(validatePassword(context.password)),
    setupCodeValid: ({ context }) => !hasErrors(validateSetupCode(context.code)),
    disableCodeValid: ({ context }) => !hasErrors(validateDisableCode(context.code)),
    succeeded: (_, params: { result: Result }) => params.result.ok,
    banned: (_, params: { result: Result }) => !params.result.ok && isBanned(params.result.error),
    notPending: (_, params: { result: Result }) => !params.result.ok && failureMessage(params.result.error) === 'notPending',
  },
})

const result = ({ event }: Done) => ({ result: event.output })
const failureAlert = ({ event }: Done) => {
  const failure = failureOf(event.output)
  return { alert: alert(failureMessage(failure), failure) }
}
/** The answers every call shares: banned ends the flow; a bug is reported and said. */
const bannedTransition = { guard: { type: 'banned' as const, params: result }, target: '#twoFactorSetup.blocked' }
const crashed = {
  target: 'editing',
  actions: [
    { type: 'reportError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    { type: 'assignAlert' as const, params: { alert: alert('somethingWrong') } },
  ],
}

export const twoFactorSetupMachine = setupLogic.createMachine({
  id: 'twoFactorSetup',
  context: ({ input }) => ({ enabled: input.enabled, pending: null, recoveryCodes: [], ...EMPTY }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsOn', target: 'on' }, { target: 'off' }],
    },
    off: {
      on: { 'twofa.enable': { target: 'enabling', actions: 'clearForm' } },
    },
    enabling: {
      initial: 'editing',
      on: { 'twofa.cancel': { target: 'off', actions: 'forgetSecrets' } },
      states: {
        editing: {
          on: {
            'twofa.password.change': { actions: { type: 'assignPassword', params: ({ event }) => ({ value: event.value }) } },
            'twofa.password.submit': [
              { guard: 'passwordValid', target: 'starting', actions: { type: 'assignAlert', params: { alert: null } } },
              { actions: [{ type: 'assignFieldErrors', params: ({ context }) => ({ errors: validatePassword(context.password) }) }, 'focusFirstError'] },
            ],
          },
        },
        starting: {
          tags: TWO_FACTOR_TAGS.busy,
          invoke: {
            id: 'startSetup',
            src: 'startSetup',
            input: ({ context }) => ({ password: context.password }),
            onDone: [
              {
                guard: { type: 'succeeded', params: result },
                target: '#twoFactorSetup.scanning',
                actions: {
                  type: 'assignPending',
                  params: ({ event }) => ({ pending: required(event.output.ok ? event.output.pending : null, 'pending secret') }),
                },
              },
              bannedTransition,
              { target: 'editing', actions: { type: 'assignAlert', params: failureAlert } },
            ],
            onError: crashed,
          },
        },
      },
    },
    scanning: {
      initial: 'editing',
      on: { 'twofa.cancel': { target: 'off', actions: 'forgetSecrets' } },
      states: {
        editing: {
          on: {
            'twofa.code.change': { actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
            'twofa.confirm': [
              { guard: 'setupCodeValid', target: 'confirming', actions: { type: 'assignAlert', params: { alert: null } } },
              { actions: [{ type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateSetupCode(context.code) }) }, 'focusFirstError'] },
            ],
          },
        },
        confirming: {
          tags: TWO_FACTOR_TAGS.busy,
          invoke: {
            id: 'confirmSetup',
            src: 'confirmSetup',
            input: ({ context }) => ({ code: context.code.trim() }),
            onDone: [
              {
                guard: { type: 'succeeded', params: result },
                target: '#twoFactorSetup.recoveryCodes',
                actions: [
                  {
                    type: 'assignRecoveryCodes',
                    params: ({ event }) => ({ codes: required(event.output.ok ? event.output.recoveryCodes : null, 'recovery codes') }),
                  },
                  { type: 'statusChanged', params: { enabled: true } },
                ],
              },
              bannedTransition,
              // Replaced or finished elsewhere: this secret is worthless now, start again.
              {
                guard: { type: 'notPending', params: result },
                target: '#twoFactorSetup.off',
                actions: ['forgetSecrets', { type: 'assignAlert', params: failureAlert }],
              },
              { target: 'editing', actions: ['clearCodeOnly', { type: 'assignAlert', params: failureAlert }] },
            ],
            onError: crashed,
          },
        },
      },
    },
    recoveryCodes: {
      initial: 'shown',
      on: { 'twofa.codes.done': { target: 'on', actions: 'forgetSecrets' } },
      states: {
        shown: { on: { 'twofa.codes.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyCodes',
            src: 'copyCodes',
            input: ({ context }) => ({ text: context.recoveryCodes.join('\n') }),
            onDone: { target: 'copied', actions: { type: 'assignAlert', params: { alert: null } } },
            onError: { target: 'shown', actions: { type: 'assignAlert', params: { alert: alert('copyFailed') } } },
          },
        },
        copied: { on: { 'twofa.codes.copy': 'copying' } },
      },
    },
    on: {
      on: { 'twofa.disable': { target: 'disabling', actions: 'clearForm' } },
    },
    disabling: {
      initial: 'editing',
      on: { 'twofa.cancel': { target: 'on', actions: 'clearForm' } },
      states: {
        editing: {
          on: {
            'twofa.code.change': { actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
            'twofa.disable.submit': [
              { guard: 'disableCodeValid', target: 'submitting', actions: { type: 'assignAlert', params: { alert: null } } },
              { actions: [{ type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateDisableCode(context.code) }) }, 'focusFirstError'] },
            ],
          },
        },
        submitting: {
          tags: TWO_FACTOR_TAGS.busy,
          invoke: {
            id: 'disableTwoFactor',
            src: 'disableTwoFactor',
            input: ({ context }) => ({ code: context.code.trim() }),
            onDone: [
              {
                guard: { type: 'succeeded', params: result },
                target: '#twoFactorSetup.off',
                actions: ['markDisabled', { type: 'statusChanged', params: { enabled: false } }],
              },
              bannedTransition,
              { target: 'editing', actions: ['clearCodeOnly', { type: 'assignAlert', params: failureAlert }] },
            ],
            onError: crashed,
          },
        },
      },
    },
    blocked: {
      type: 'final',
      entry: ['forgetSecrets', { type: 'showBlockedPage', params: {} }],
    },
  },
})

export type TwoFactorSetupMachine = typeof twoFactorSetupMachine
