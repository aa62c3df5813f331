// Confirming the player's e-mail with the mailed code (SPEC §2.1 /confirmation, §5, §7, §8 UserNeedConfirmContact).
// `ready` is parallel so the resend countdown runs while the player types (docs/machines.md#contact-confirmation).
import { assign, emit, setup } from 'xstate'
import { resendCountdownDelays, resendCountdownGuards, resendCountdownRegion, resendTick } from '../../forms/resend-countdown'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import { confirmCode, loadContact, sendCode } from './contact-confirmation.actors'
import {
  confirmationFieldErrors,
  failureMessage,
  hasErrors,
  isAlreadyConfirmed,
  normalizeValues,
  validateConfirmation,
  wholeSeconds,
} from './contact-confirmation.rules'
import {
  CONTACT_CONFIRMED,
  type AuthFailure,
  type ConfirmationAlert,
  type ConfirmationFieldErrors,
  type ConfirmationMessageId,
  type ConfirmationValues,
  type ContactConfirmationActionParams,
  type ContactConfirmationContext,
  type ContactConfirmationEmitted,
  type ContactConfirmationEvent,
  type ContactConfirmationInput,
  type LoadContactResult,
  type SendCodeResult,
} from './contact-confirmation.types'

export const CONTACT_CONFIRMATION_TAGS = {
  /** The player's address is being read. */
  loading: 'loading',
  /** The form is the view. */
  form: 'form',
  /** A call is in flight. */
  busy: 'busy',
  submitting: 'submitting',
  sending: 'sending',
} as const
export type ContactConfirmationTag = (typeof CONTACT_CONFIRMATION_TAGS)[keyof typeof CONTACT_CONFIRMATION_TAGS]

type Result = { ok: true } | { ok: false; error: AuthFailure }
type Done<R extends Result = Result> = { event: { output: R } }

function failureOf(result: Result): AuthFailure {
  if (result.ok) throw new Error('contactConfirmationMachine: expected a failed result')
  return result.error
}
const alertOf = (messageId: ConfirmationMessageId, failure: AuthFailure | null = null): ConfirmationAlert => ({
  messageId,
  retryAfterSec: failure?.retryAfterSec ?? null,
})

const EMPTY: ConfirmationValues = Object.freeze({ contact: '', code: '' })

const confirmationSetup = setup({
  types: {
    input: {} as ContactConfirmationInput,
    context: {} as ContactConfirmationContext,
    events: {} as ContactConfirmationEvent,
    emitted: {} as ContactConfirmationEmitted,
    tags: {} as ContactConfirmationTag,
    children: {} as { loadContact: 'loadContact'; sendCode: 'sendCode'; confirmCode: 'confirmCode' },
  },
  actors: { loadContact, sendCode, confirmCode },
  /** One second of the resend countdown (forms/resend-countdown.ts). */
  delays: resendCountdownDelays,
  actions: {
    showSuccess: emit({ type: CONTACT_CONFIRMED }),
    reportError: (_, params: ContactConfirmationActionParams['reportError']) => {
      console.error('contactConfirmationMachine:', params.error)
    },
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    assignField: assign(({ context }, params: { name: keyof ConfirmationValues; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignLink: assign((_, params: ConfirmationValues) => ({ values: normalizeValues(params), fieldErrors: {}, alert: null })),
    assignContact: assign(({ context }, params: { contact: string | null }) =>
      params.contact ? { values: { ...context.values, contact: params.contact }, contactLocked: true } : {},
    ),
    normalize: assign(({ context }) => ({ values: normalizeValues(context.values) })),
    assignFieldErrors: assign((_, params: { errors: ConfirmationFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: ConfirmationAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    assignSent: assign(({ context }, params: { contact: string; resendTime: number }) => ({
      sentTo: params.contact,
      resendTime: wholeSeconds(params.resendTime),
      values: { ...context.values, code: '' },
    })),
    assignResendTime: assign((_, params: { resendTime: number | null }) => ({ resendTime: wholeSeconds(params.resendTime) })),
    tickResendTime: assign(({ context }) => resendTick({ context })),
    /** The code is spent (or useless) once the flow ends: not kept. */
    forgetCode: assign(({ context }) => ({ values: { ...context.values, code: '' } })),
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    formValid: ({ context }) => !hasErrors(validateConfirmation(normalizeValues(context.values))),
    linkValid: (_, params: ConfirmationValues) => !hasErrors(validateConfirmation(normalizeValues(params))),
    editable: ({ context }, params: { name: keyof ConfirmationValues }) => params.name !== 'contact' || !context.contactLocked,
    canSend: ({ context }) => context.loggedIn && context.contactLocked && context.resendTime <= 0,
    ...resendCountdownGuards,
    succeeded: (_, params: { result: Result }) => params.result.ok,
    contactConfirmed: (_, params: { result: LoadContactResult }) => params.result.ok && params.result.confirmed,
    alreadyConfirmed: (_, params: { result: Result }) => !params.result.ok && isAlreadyConfirmed(params.result.error),
    fieldErrors: (_, params: { result: Result }) => !params.result.ok && hasErrors(confirmationFieldErrors(params.result.error)),
    carriesResendTime: (_, params: { result: Result }) =>
      !params.result.ok && params.result.error.type === 'TooManyRequestsException' && params.result.error.resendTime !== null,
  },
})

const result = ({ event }: Done) => ({ result: event.output })
const linkParams = ({ event }: { event: ContactConfirmationEvent }) => {
  if (event.type !== 'confirmation.link') throw new Error(`contactConfirmationMachine: expected confirmation.link, got ${event.type}`)
  return { contact: event.contact, code: event.code }
}
/** The mail's link: straight to confirming when it carries a usable address and code. */
const followLink = [
  { guard: { type: 'linkValid' as const, params: linkParams }, target: '#contactConfirmation.ready.step.submitting', actions: { type: 'assignLink' as const, params: linkParams } },
  {
    target: '#contactConfirmation.ready.step.editing',
    actions: [
      { type: 'assignLink' as const, params: linkParams },
      {
        type: 'assignFieldErrors' as const,
        params: ({ context }: { context: ContactConfirmationContext }) => ({ errors: validateConfirmation(context.values) }),
      },
      'focusFirstError' as const,
    ],
  },
]
const failedAlert = ({ event }: Done) => {
  const failure = failureOf(event.output)
  return { alert: alertOf(failureMessage(failure), failure) }
}
const crashed = {
  target: 'editing' as const,
  actions: [
    { type: 'reportError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    { type: 'assignAlert' as const, params: { alert: alertOf('somethingWrong') } },
  ],
}

export const contactConfirmationMachine = confirmationSetup.createMachine({
  id: 'contactConfirmation',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    kind: input.kind ?? 'email',
    values: EMPTY,
    contactLocked: false,
    fieldErrors: {},
    alert: null,
    resendTime: 0,
    sentTo: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'loggedIn', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      tags: CONTACT_CONFIRMATION_TAGS.loading,
      invoke: {
        id: 'loadContact',
        src: 'loadContact',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [
          { guard: { type: 'contactConfirmed', params: ({ event }) => ({ result: event.output }) }, target: 'alreadyConfirmed' },
          {
            guard: { type: 'succeeded', params: result },
            target: 'ready',
            actions: { type: 'assignContact', params: ({ event }) => ({ contact: event.output.ok ? event.output.contact : null }) },
          },
          // The address could not be read: the player types it.
          { target: 'ready' },
        ],
        onError: { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'confirmation.link': followLink },
    },
    ready: {
      type: 'parallel',
      states: {
        timer: resendCountdownRegion('idle'),
        step: {
          initial: 'editing',
          states: {
            editing: {
              tags: CONTACT_CONFIRMATION_TAGS.form,
              on: {
                'confirmation.field.change': {
                  guard: { type: 'editable', params: ({ event }) => ({ name: event.name }) },
                  actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value }) },
                },
                'confirmation.submit': [
                  { guard: 'formValid', target: 'submitting', actions: ['normalize', 'clearMessages'] },
                  {
                    actions: [
                      { type: 'assignAlert', params: { alert: null } },
                      { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateConfirmation(normalizeValues(context.values)) }) },
                      'focusFirstError',
                    ],
                  },
                ],
                'confirmation.send': { guard: 'canSend', target: 'sending', actions: 'clearMessages' },
                'confirmation.link': followLink,
              },
            },
            submitting: {
              tags: [CONTACT_CONFIRMATION_TAGS.form, CONTACT_CONFIRMATION_TAGS.busy, CONTACT_CONFIRMATION_TAGS.submitting],
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: ({ context }) => {
                  if (!context.values.contact || !context.values.code) throw new Error('contactConfirmationMachine: confirmCode needs an address and a code')
                  return { contact: context.values.contact, code: context.values.code }
                },
                onDone: [
                  { guard: { type: 'succeeded', params: result }, target: '#contactConfirmation.confirmed' },
                  { guard: { type: 'alreadyConfirmed', params: result }, target: '#contactConfirmation.alreadyConfirmed' },
                  {
                    guard: { type: 'fieldErrors', params: result },
                    target: 'editing',
                    actions: [
                      { type: 'assignFieldErrors', params: ({ event }) => ({ errors: confirmationFieldErrors(failureOf(event.output)) }) },
                      'focusFirstError',
                    ],
                  },
                  { target: 'editing', actions: { type: 'assignAlert', params: failedAlert } },
                ],
                onError: crashed,
              },
            },
            sending: {
              tags: [CONTACT_CONFIRMATION_TAGS.form, CONTACT_CONFIRMATION_TAGS.busy, CONTACT_CONFIRMATION_TAGS.sending],
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => {
                  if (!context.values.contact) throw new Error('contactConfirmationMachine: sendCode needs the address')
                  return { contact: context.values.contact }
                },
                onDone: [
                  {
                    guard: { type: 'succeeded', params: result },
                    target: '#contactConfirmation.ready',
                    reenter: true,
                    actions: {
                      type: 'assignSent',
                      params: ({ event }: Done<SendCodeResult>) => {
                        if (!event.output.ok) throw new Error('contactConfirmationMachine: expected a sent code')
                        return { contact: event.output.contact, resendTime: event.output.resendTime }
                      },
                    },
                  },
                  { guard: { type: 'alreadyConfirmed', params: result }, target: '#contactConfirmation.alreadyConfirmed' },
                  {
                    // Too soon: the server says how long to wait, and the countdown starts from it.
                    guard: { type: 'carriesResendTime', params: result },
                    target: '#contactConfirmation.ready',
                    reenter: true,
                    actions: { type: 'assignResendTime', params: ({ event }) => ({ resendTime: failureOf(event.output).resendTime }) },
                  },
                  { target: 'editing', actions: { type: 'assignAlert', params: failedAlert } },
                ],
                onError: crashed,
              },
            },
          },
        },
      },
    },
    confirmed: { type: 'final', entry: ['forgetCode', 'showSuccess'] },
    alreadyConfirmed: { type: 'final', entry: 'forgetCode' },
  },
})

export type ContactConfirmationMachine = typeof contactConfirmationMachine
