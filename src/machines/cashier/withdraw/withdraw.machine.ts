// The cashier's withdraw flow (SPEC §2.1 withdraw, §7 withdrawal calls, §4 loading flag 'withdraw', §5, §8).
// `ready` is parallel: a pending withdrawal can be cancelled while a new one is filled in (docs/machines.md#withdraw).
import { assign, emit, setup } from 'xstate'
import { DEFAULT_LOCALE } from '../../../shared/locales'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import { createId, type IdGenerator } from '../../app/id'
import {
  BALANCE_STALE_EVENT,
  profileDataRequired,
  VERIFICATION_REQUIRED,
  type BalanceChanged,
  type ProfileDataRequired,
  type VerificationRequired,
  type WithdrawSettings,
} from '../cashier.types'
import { cancelWithdrawal, loadWithdrawSettings, makeWithdrawal, tokenizeCard } from './withdraw.actors'
import {
  afterCancel,
  afterRequest,
  buildMakeWithdrawalInput,
  canCancel,
  cancelFailedAlert,
  entersNewCard,
  kycAlert,
  maxWithdrawal,
  needsKyc,
  PAN_FIELD,
  panDigits,
  validateWithdraw,
  withdrawAlertFor,
  withdrawFieldErrors,
} from './withdraw.rules'
import type { TokenizeCardResult, VaultedCard, WithdrawActionParams, WithdrawAlert, WithdrawalAnswer, WithdrawContext, WithdrawEvent, WithdrawInput } from './withdraw.types'
import { defaultRequisites, findMethod, initialMethod, usableMethods } from '../payment.rules'
import type { FormErrors } from '../../../shared/validation/rules'

export const WITHDRAW_TAGS = {
  /** SPEC §4 cashier loading flag 'withdraw'. */
  loadingWithdraw: 'loading.withdraw',
  /** makewithdrawal in flight. */
  busy: 'busy',
  /** cancelwithdrawal in flight. */
  cancelling: 'cancelling',
} as const
export type WithdrawTag = (typeof WITHDRAW_TAGS)[keyof typeof WITHDRAW_TAGS]

type Done = { event: { output: WithdrawalAnswer } }
type Tokenized = { event: { output: TokenizeCardResult } }
function cardOf(output: TokenizeCardResult): VaultedCard {
  if (!output.ok) throw new Error('withdrawMachine: expected a card')
  return output.card
}
const ok = ({ event }: Done) => ({ ok: event.output.ok })
function answerOf(output: WithdrawalAnswer) {
  if (!output.ok) throw new Error('withdrawMachine: expected an accepted answer')
  return output
}
function failureOf(output: WithdrawalAnswer) {
  if (output.ok) throw new Error('withdrawMachine: expected a failure')
  return output.error
}
function requireSettings(settings: WithdrawSettings | null): WithdrawSettings {
  if (!settings) throw new Error('withdrawMachine: no settings')
  return settings
}

/** The verification page, when the settings' KYC button names none. */
const DEFAULT_VERIFICATION_LINK = '/profile/verification'

export function createWithdrawMachine({ generateKey }: { readonly generateKey: IdGenerator }) {
  const withdrawSetup = setup({
    types: {
      input: {} as WithdrawInput,
      context: {} as WithdrawContext,
      events: {} as WithdrawEvent,
      tags: {} as WithdrawTag,
      emitted: {} as FormEmitted | BalanceChanged | ProfileDataRequired | VerificationRequired,
      children: {} as {
        loadWithdrawSettings: 'loadWithdrawSettings'
        tokenizeCard: 'tokenizeCard'
        makeWithdrawal: 'makeWithdrawal'
        cancelWithdrawal: 'cancelWithdrawal'
      },
    },
    actors: { loadWithdrawSettings, tokenizeCard, makeWithdrawal, cancelWithdrawal },
    actions: {
      /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
      focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
      refreshBalance: emit(BALANCE_STALE_EVENT),
      /** The page opens the fill-profile prompt (SPEC §2.4) for the fields the server named. */
      askForProfile: emit((_, params: { event: ProfileDataRequired }) => params.event),
      /** After the KYC alert is assigned: the page opens the identity-verification popup (SPEC §2.4) with its amount and link. */
      askForVerification: emit(({ context }) => ({
        type: VERIFICATION_REQUIRED,
        threshold: context.alert?.amount ?? null,
        link: context.alert?.button?.link ?? DEFAULT_VERIFICATION_LINK,
      })),
      reportError: (_, params: WithdrawActionParams['reportError']) => {
        console.error('withdrawMachine:', params.error)
      },
      assignSettings: assign((_, params: { settings: WithdrawSettings }) => ({ settings: params.settings })),
      initForm: assign(({ context }) => {
        const s = requireSettings(context.settings)
        const method = initialMethod(s.methods, s.currency, null)
        return { method, amount: '', requisites: defaultRequisites(findMethod(s.methods, method)), pan: '', vaulted: null, fieldErrors: {}, alert: null }
      }),
      selectMethod: assign(({ context }, params: { sysname: string }) => ({
        method: params.sysname,
        requisites: defaultRequisites(findMethod(context.settings?.methods ?? [], params.sysname)),
        pan: '',
        vaulted: null,
        fieldErrors: {},
        alert: null,
        attemptKey: null,
      })),
      clearMethod: assign({ method: null, pan: '', vaulted: null, fieldErrors: {}, alert: null, attemptKey: null }),
      assignAmount: assign(({ context }, params: { value: string }) => {
        const { amount: _, ...fieldErrors } = context.fieldErrors
        return { amount: params.value, fieldErrors, alert: null, attemptKey: null }
      }),
      assignRequisite: assign(({ context }, params: { name: string; value: string }) => {
        const { [params.name]: _, [PAN_FIELD]: __, ...fieldErrors } = context.fieldErrors
        return { requisites: { ...context.requisites, [params.name]: params.value }, vaulted: null, fieldErrors, alert: null, attemptKey: null }
      }),
      assignPan: assign(({ context }, params: { pan: string }) => {
        const { [PAN_FIELD]: _, ...fieldErrors } = context.fieldErrors
        return { pan: params.pan, vaulted: null, fieldErrors, alert: null, attemptKey: null }
      }),
      assignVaulted: assign((_, params: { card: VaultedCard }) => ({ vaulted: params.card })),
      assignFieldErrors: assign((_, params: { errors: FormErrors<string> }) => ({ fieldErrors: params.errors })),
      assignAlert: assign((_, params: { alert: WithdrawAlert | null }) => ({ alert: params.alert })),
      startAttempt: assign(({ context }) => ({ attemptKey: context.attemptKey ?? generateKey(), fieldErrors: {}, alert: null })),
      endAttempt: assign({ attemptKey: null }),
      assignRequested: assign(({ context }, params: { answer: WithdrawalAnswer }) => {
        const { withdrawal } = answerOf(params.answer)
        const card = entersNewCard(context) ? context.vaulted : null
        const settings = afterRequest(requireSettings(context.settings), withdrawal, card)
        // The new card is saved now: the next withdrawal starts on it, and its number is dropped.
        const field = card ? findMethod(settings.methods, context.method)?.requisites.find((f) => f.input === 'card')?.name : undefined
        return { requested: withdrawal, settings, pan: '', vaulted: null, requisites: field ? { ...context.requisites, [field]: card!.masked } : context.requisites }
      }),
      resetForm: assign({ amount: '', requested: null, pan: '', vaulted: null, fieldErrors: {}, alert: null }),
      assignCancelling: assign((_, params: { id: string | null }) => ({ cancelling: params.id })),
      assignCancelled: assign(({ context }, params: { answer: WithdrawalAnswer }) => ({
        settings: afterCancel(requireSettings(context.settings), answerOf(params.answer).withdrawal),
        cancelling: null,
      })),
    },
    guards: {
      loaded: ({ event }) => (event as unknown as { output: { ok: boolean } }).output.ok,
      accepted: (_, params: { ok: boolean }) => params.ok,
      hasMethod: ({ context }) => context.method !== null,
      usableMethod: ({ context }, params: { sysname: string }) =>
        usableMethods(context.settings?.methods ?? [], context.settings?.currency ?? '').some((m) => m.sysname === params.sysname),
      formInvalid: ({ context }) => Object.keys(validateWithdraw(context)).length > 0,
      needsKyc: ({ context }) => needsKyc(context),
      entersNewCard: ({ context }) => entersNewCard(context),
      cardTokenized: ({ event }) => (event as unknown as Tokenized['event']).output.ok,
      numberRefused: ({ event }) => {
        const output = (event as unknown as Tokenized['event']).output
        return !output.ok && output.reason === 'refused'
      },
      kycRefused: ({ event }) => {
        const output = (event as unknown as Done['event']).output
        return !output.ok && output.error.type === 'KycWithdrawalException'
      },
      profileRefused: ({ event }) => {
        const output = (event as unknown as Done['event']).output
        return !output.ok && profileDataRequired(output.error, 'fill_for_withdrawal') !== null
      },
      fieldsRefused: ({ event }) => {
        const output = (event as unknown as Done['event']).output
        return !output.ok && output.error.type === 'InvalidParameterException' && Object.keys(output.error.invalidParameters ?? {}).length > 0
      },
      cancellable: ({ context }, params: { id: string }) => canCancel(context.settings, params.id),
    },
  })

  return withdrawSetup.createMachine({
    id: 'withdraw',
    context: ({ input }) => ({
      locale: input?.locale ?? DEFAULT_LOCALE,
      settings: null,
      method: null,
      amount: '',
      requisites: {},
      pan: '',
      vaulted: null,
      fieldErrors: {},
      alert: null,
      attemptKey: null,
      requested: null,
      cancelling: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: WITHDRAW_TAGS.loadingWithdraw,
        invoke: {
          id: 'loadWithdrawSettings',
          src: 'loadWithdrawSettings',
          input: () => ({}),
          onDone: [
            {
              guard: 'loaded',
              target: 'ready',
              actions: [{ type: 'assignSettings', params: ({ event }) => ({ settings: event.output.ok ? event.output.settings : null! }) }, 'initForm'],
            },
            { target: 'loadFailed' },
          ],
          onError: { target: 'loadFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      loadFailed: {
        on: { 'withdraw.retry': 'loading' },
      },
      ready: {
        type: 'parallel',
        states: {
          form: {
            initial: 'deciding',
            states: {
              deciding: { always: [{ guard: 'hasMethod', target: 'editing' }, { target: 'choosing' }] },
              choosing: {
                on: {
                  'withdraw.method.select': {
                    guard: { type: 'usableMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                    target: 'editing',
                    actions: { type: 'selectMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                  },
                },
              },
              editing: {
                on: {
                  'withdraw.method.select': {
                    guard: { type: 'usableMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                    actions: { type: 'selectMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                  },
                  'withdraw.method.clear': { target: 'choosing', actions: 'clearMethod' },
                  'withdraw.amount.change': { actions: { type: 'assignAmount', params: ({ event }) => ({ value: event.value }) } },
                  'withdraw.amount.max': {
                    actions: { type: 'assignAmount', params: ({ context }) => ({ value: maxWithdrawal(requireSettings(context.settings), context.method) }) },
                  },
                  'withdraw.requisite.change': {
                    actions: { type: 'assignRequisite', params: ({ event }) => ({ name: event.name, value: event.value }) },
                  },
                  'withdraw.pan.change': { actions: { type: 'assignPan', params: ({ event }) => ({ pan: event.pan }) } },
                  'withdraw.submit': [
                    {
                      guard: 'formInvalid',
                      actions: [
                        { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateWithdraw(context) }) },
                        { type: 'assignAlert', params: { alert: null } },
                        'focusFirstError',
                      ],
                    },
                    {
                      guard: 'needsKyc',
                      actions: [
                        { type: 'assignAlert', params: ({ context }) => ({ alert: kycAlert(context.settings, null) }) },
                        'askForVerification',
                      ],
                    },
                    { guard: 'entersNewCard', target: 'tokenizing', actions: 'startAttempt' },
                    { target: 'submitting', actions: 'startAttempt' },
                  ],
                },
              },
              tokenizing: {
                tags: WITHDRAW_TAGS.busy,
                invoke: {
                  id: 'tokenizeCard',
                  src: 'tokenizeCard',
                  input: ({ context }) => {
                    const url = context.settings?.card_vault?.url
                    if (!url) throw new Error('withdrawMachine: tokenizing without the card fields')
                    return { url, pan: panDigits(context.pan) }
                  },
                  onDone: [
                    { guard: 'cardTokenized', target: 'submitting', actions: { type: 'assignVaulted', params: ({ event }) => ({ card: cardOf(event.output) }) } },
                    {
                      guard: 'numberRefused',
                      target: 'editing',
                      actions: [
                        'endAttempt',
                        {
                          type: 'assignFieldErrors',
                          params: ({ event }) => ({
                            errors: { [PAN_FIELD]: event.output.ok || event.output.reason !== 'refused' ? { rule: 'cardNumber', messageId: 'cardNumber' } : { rule: event.output.messageId, messageId: event.output.messageId } },
                          }),
                        },
                        'focusFirstError',
                      ],
                    },
                    { target: 'editing', actions: ['endAttempt', { type: 'assignAlert', params: ({ context }) => ({ alert: withdrawAlertFor(context.settings, { type: 'BillingUnavailableException', code: null, invalidParameters: null, errorData: null }) }) }] },
                  ],
                  onError: {
                    target: 'editing',
                    actions: [
                      'endAttempt',
                      { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      { type: 'assignAlert', params: ({ context }) => ({ alert: withdrawAlertFor(context.settings, null) }) },
                    ],
                  },
                },
              },
              submitting: {
                tags: WITHDRAW_TAGS.busy,
                invoke: {
                  id: 'makeWithdrawal',
                  src: 'makeWithdrawal',
                  input: ({ context }) => buildMakeWithdrawalInput(context),
                  onDone: [
                    {
                      guard: { type: 'accepted', params: ok },
                      target: 'requested',
                      actions: ['endAttempt', { type: 'assignRequested', params: ({ event }) => ({ answer: event.output }) }, 'refreshBalance'],
                    },
                    {
                      guard: 'fieldsRefused',
                      target: 'editing',
                      actions: ['endAttempt', { type: 'assignFieldErrors', params: ({ event }) => ({ errors: withdrawFieldErrors(failureOf(event.output)) }) }, 'focusFirstError'],
                    },
                    {
                      guard: 'kycRefused',
                      target: 'editing',
                      actions: [
                        'endAttempt',
                        { type: 'assignAlert', params: ({ context, event }) => ({ alert: withdrawAlertFor(context.settings, failureOf(event.output)) }) },
                        'askForVerification',
                      ],
                    },
                    {
                      guard: 'profileRefused',
                      target: 'editing',
                      actions: [
                        'endAttempt',
                        { type: 'assignAlert', params: ({ context, event }) => ({ alert: withdrawAlertFor(context.settings, failureOf(event.output)) }) },
                        { type: 'askForProfile', params: ({ event }) => ({ event: profileDataRequired(failureOf(event.output), 'fill_for_withdrawal')! }) },
                      ],
                    },
                    {
                      target: 'editing',
                      actions: [
                        'endAttempt',
                        { type: 'assignAlert', params: ({ context, event }) => ({ alert: withdrawAlertFor(context.settings, failureOf(event.output)) }) },
                      ],
                    },
                  ],
                  onError: {
                    target: 'editing',
                    actions: [
                      { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      { type: 'assignAlert', params: ({ context }) => ({ alert: withdrawAlertFor(context.settings, null) }) },
                    ],
                  },
                },
              },
              requested: {
                on: { 'withdraw.new': { target: 'editing', actions: 'resetForm' } },
              },
            },
          },
          pending: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'withdraw.cancel': {
                    guard: { type: 'cancellable', params: ({ event }) => ({ id: event.id }) },
                    target: 'cancelling',
                    actions: { type: 'assignCancelling', params: ({ event }) => ({ id: event.id }) },
                  },
                },
              },
              cancelling: {
                tags: WITHDRAW_TAGS.cancelling,
                invoke: {
                  id: 'cancelWithdrawal',
                  src: 'cancelWithdrawal',
                  input: ({ context }) => {
                    if (!context.cancelling) throw new Error('withdrawMachine: cancelling without an id')
                    return { id: context.cancelling }
                  },
                  onDone: [
                    {
                      guard: { type: 'accepted', params: ok },
                      target: 'idle',
                      actions: [{ type: 'assignCancelled', params: ({ event }) => ({ answer: event.output }) }, 'refreshBalance'],
                    },
                    {
                      target: 'idle',
                      actions: [
                        { type: 'assignCancelling', params: { id: null } },
                        { type: 'assignAlert', params: ({ event }) => ({ alert: cancelFailedAlert(failureOf(event.output)) }) },
                      ],
                    },
                  ],
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                      { type: 'assignCancelling', params: { id: null } },
                      { type: 'assignAlert', params: { alert: cancelFailedAlert(null) } },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
  })
}

export const withdrawMachine = createWithdrawMachine({ generateKey: createId })
export type WithdrawMachine = typeof withdrawMachine
