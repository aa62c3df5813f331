// The cashier's deposit flow (SPEC §2.1 deposit, §3 'Deposit values', §4 cashier loading flags, §5, §6, §8).
// Loading is parallel for a skeleton per part; submitting takes no second submit, so an attempt pays once (docs/machines.md#deposit).
import { assign, emit, enqueueActions, setup } from 'xstate'
import { DEFAULT_LOCALE } from '../../../shared/locales'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import { createId, type IdGenerator } from '../../app/id'
import { BALANCE_STALE_EVENT, NO_OFFER, profileDataRequired, type DepositLimit, type DepositResult, type DepositSettings, type PaymentMethod, type DepositOffer } from '../cashier.types'
import { leaveForProvider, loadDepositMethods, loadDepositOffers, loadDepositSettings, makeDeposit } from './deposit.actors'
import {
  alertForFailure,
  buildMakeDepositInput,
  depositLimitAlert,
  exceedsDepositLimit,
  hasFieldFailure,
  isDepositLimitFailure,
  keepOffer,
  applicableOffers,
  RESULT_PAGE,
  validateDeposit,
} from './deposit.rules'
import {
  DEPOSIT_LEFT_FOR_RESULT,
  DEPOSIT_PROVIDER_WINDOW,
  type DepositActionParams,
  type DepositAlert,
  type DepositContext,
  type DepositEmitted,
  type DepositEvent,
  type DepositFieldErrors,
  type DepositInput,
  type MakeDepositResult,
} from './deposit.types'
import { defaultRequisites, fieldErrorsFromFailure, findMethod, initialMethod, usableMethods } from '../payment.rules'

export const DEPOSIT_TAGS = {
  /** SPEC §4 cashier loading flags. */
  loadingDeposit: 'loading.deposit',
  loadingPaymentMethods: 'loading.paymentMethods',
  loadingOffer: 'loading.offer',
  /** makedeposit in flight: the submit button shows loading and is disabled. */
  busy: 'busy',
} as const
export type DepositTag = (typeof DEPOSIT_TAGS)[keyof typeof DEPOSIT_TAGS]

export interface DepositMachineOptions {
  /** The idempotency key of an attempt (ARCHITECTURE §5); 21 URL-safe characters by default. */
  readonly generateKey: IdGenerator
}

type Done<T> = { event: { output: T } }
/** A draft comes back from the tab's storage, which anything may have written: no longer than any real amount. */
const MAX_DRAFT_AMOUNT = 40

const outputOf = <T>({ event }: Done<T>) => ({ result: event.output })

function resultOf(output: MakeDepositResult): DepositResult {
  if (!output.ok) throw new Error('depositMachine: expected a deposit result')
  return output.result
}
function failureOf(output: MakeDepositResult) {
  if (output.ok) throw new Error('depositMachine: expected a failure')
  return output.error
}
const hasStatus = (status: DepositResult['status']) => ({ event }: Done<MakeDepositResult>) => ({ ok: event.output.ok && event.output.result.status === status })

/** The window prepared on the submit click is not needed: the page closes it. */
const CLOSE_PROVIDER_WINDOW: DepositEmitted = Object.freeze({ type: DEPOSIT_PROVIDER_WINDOW, url: null })

export function createDepositMachine({ generateKey }: DepositMachineOptions) {
  const depositSetup = setup({
    types: {
      input: {} as DepositInput,
      context: {} as DepositContext,
      events: {} as DepositEvent,
      tags: {} as DepositTag,
      emitted: {} as FormEmitted | DepositEmitted,
      children: {} as {
        loadDepositSettings: 'loadDepositSettings'
        loadDepositMethods: 'loadDepositMethods'
        loadDepositOffers: 'loadDepositOffers'
        makeDeposit: 'makeDeposit'
      },
    },
    actors: { loadDepositSettings, loadDepositMethods, loadDepositOffers, makeDeposit },
    actions: {
      /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
      focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
      goToResult: enqueueActions(({ context, enqueue }, params: DepositActionParams['goToResult']) => {
        const mobile = params.page === 'paymobile' ? (context.result?.mobile ?? null) : null
        enqueue.emit(CLOSE_PROVIDER_WINDOW)
        enqueue.emit({ type: DEPOSIT_LEFT_FOR_RESULT, path: `/cashier/${params.page}/${encodeURIComponent(params.transactionId)}`, handOff: mobile ? { mobile } : null })
      }),
      redirectToProvider: enqueueActions(({ enqueue }, params: DepositActionParams['redirectToProvider']) => {
        enqueue.emit(CLOSE_PROVIDER_WINDOW)
        enqueue(() => leaveForProvider(params.url))
      }),
      openProviderWindow: emit((_, params: DepositActionParams['openProviderWindow']) => ({ type: DEPOSIT_PROVIDER_WINDOW, url: params.url })),
      refreshBalance: emit(BALANCE_STALE_EVENT),
      askForProfile: emit((_, params: DepositActionParams['askForProfile']) => params.event),
      reportError: (_, params: DepositActionParams['reportError']) => {
        console.error('depositMachine:', params.error)
      },
      assignSettings: assign((_, params: { settings: DepositSettings }) => ({ settings: params.settings })),
      assignMethods: assign((_, params: { methods: readonly PaymentMethod[] }) => ({ methods: params.methods })),
      assignOffers: assign((_, params: { offers: readonly DepositOffer[] }) => ({ offers: params.offers })),
      /** After loading: the draft's or the route's method (or the only one), the draft's or the default amount, its requisites. */
      initForm: assign(({ context }) => {
        const currency = context.settings?.currency ?? ''
        const drafted = context.prefill?.method ? initialMethod(context.methods, currency, context.prefill.method) : null
        const method = drafted ?? initialMethod(context.methods, currency, context.preselect)
        return {
          method,
          // A draft is what the player typed: checked like typing on submit, as long as a typed amount may be.
          amount: context.prefill?.amount?.slice(0, MAX_DRAFT_AMOUNT) ?? context.settings?.default_amount ?? '',
          requisites: defaultRequisites(findMethod(context.methods, method)),
          offerId: NO_OFFER,
          fieldErrors: {},
          alert: null,
        }
      }),
      selectMethod: assign(({ context }, params: { sysname: string }) => {
        const next = { ...context, method: params.sysname }
        return {
          method: params.sysname,
          requisites: defaultRequisites(findMethod(context.methods, params.sysname)),
          // An offer excluding the new method falls back to none (SPEC §3 params.exclude_methods).
          offerId: keepOffer(next),
          fieldErrors: {},
          alert: null,
          attemptKey: null,
        }
      }),
      clearMethod: assign({ method: null, fieldErrors: {}, alert: null, attemptKey: null }),
      assignAmount: assign(({ context }, params: { value: string }) => {
        const { amount: _, offer: __, ...fieldErrors } = context.fieldErrors
        return { amount: params.value, fieldErrors, alert: null, attemptKey: null }
      }),
      assignOffer: assign(({ context }, params: { id: number }) => {
        const { offer: _, ...fieldErrors } = context.fieldErrors
        return { offerId: params.id, fieldErrors, alert: null, attemptKey: null }
      }),
      assignRequisite: assign(({ context }, params: { name: string; value: string }) => {
        const { [params.name]: _, ...fieldErrors } = context.fieldErrors
        return { requisites: { ...context.requisites, [params.name]: params.value }, fieldErrors, alert: null, attemptKey: null }
      }),
      assignFieldErrors: assign((_, params: { errors: DepositFieldErrors }) => ({ fieldErrors: params.errors })),
      assignAlert: assign((_, params: { alert: DepositAlert | null }) => ({ alert: params.alert })),
      /** One key per attempt: made here unless a retry of the same body still holds one. */
      startAttempt: assign(({ context }) => ({ attemptKey: context.attemptKey ?? generateKey(), fieldErrors: {}, alert: null })),
      endAttempt: assign({ attemptKey: null }),
      assignResult: assign((_, params: { result: DepositResult }) => ({ result: params.result })),
      /** A limit set from the form's offer: the settings' limit is what the submit checks against. */
      assignLimit: assign(({ context }, params: { limit: DepositLimit }) => ({
        settings: context.settings ? { ...context.settings, deposit_limit: params.limit } : null,
        alert: null,
      })),
    },
    guards: {
      succeeded: (_, params: { result: { ok: boolean } }) => params.result.ok,
      loadedAll: ({ context }) => context.settings !== null && context.methods.length > 0,
      hasMethod: ({ context }) => context.method !== null,
      usableMethod: ({ context }, params: { sysname: string }) =>
        usableMethods(context.methods, context.settings?.currency ?? '').some((m) => m.sysname === params.sysname),
      offerSelectable: ({ context }, params: { id: number }) =>
        params.id === NO_OFFER || applicableOffers(context).some((o) => o.id === params.id),
      formInvalid: ({ context }) => Object.keys(validateDeposit(context)).length > 0,
      overDepositLimit: ({ context }) => exceedsDepositLimit(context) !== null,
      status: (_, params: { ok: boolean }) => params.ok,
      limitRefused: ({ event }) => {
        const output = (event as unknown as { output: MakeDepositResult }).output
        return !output.ok && isDepositLimitFailure(output.error)
      },
      fieldsRefused: ({ event }) => {
        const output = (event as unknown as { output: MakeDepositResult }).output
        return !output.ok && hasFieldFailure(output.error)
      },
      profileRefused: ({ event }) => {
        const output = (event as unknown as { output: MakeDepositResult }).output
        return !output.ok && profileDataRequired(output.error, 'fill_for_deposit') !== null
      },
    },
  })

  const landed = (status: DepositResult['status'], target: string) => ({
    guard: { type: 'status' as const, params: hasStatus(status) },
    target,
    actions: [{ type: 'assignResult' as const, params: ({ event }: Done<MakeDepositResult>) => ({ result: resultOf(event.output) }) }, 'endAttempt' as const],
  })

  const txOf = (context: DepositContext) => {
    if (!context.result) throw new Error('depositMachine: reached a result state without a result')
    return context.result
  }

  return depositSetup.createMachine({
    id: 'deposit',
    context: ({ input }) => ({
      preselect: input.preselect ?? null,
      prefill: input.prefill ?? null,
      returnUrl: input.returnUrl ?? null,
      locale: input.locale ?? DEFAULT_LOCALE,
      settings: null,
      methods: [],
      offers: [],
      method: null,
      amount: '',
      offerId: NO_OFFER,
      requisites: {},
      fieldErrors: {},
      alert: null,
      attemptKey: null,
      result: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        type: 'parallel',
        onDone: [{ guard: 'loadedAll', target: 'form', actions: 'initForm' }, { target: 'loadFailed' }],
        states: {
          settings: {
            initial: 'loading',
            states: {
              loading: {
                tags: DEPOSIT_TAGS.loadingDeposit,
                invoke: {
                  id: 'loadDepositSettings',
                  src: 'loadDepositSettings',
                  input: () => ({}),
                  onDone: [
                    {
                      guard: { type: 'succeeded', params: outputOf },
                      target: 'done',
                      actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output.ok ? event.output.settings : null! }) },
                    },
                    { target: 'done' },
                  ],
                  onError: { target: 'done', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              done: { type: 'final' },
            },
          },
          methods: {
            initial: 'loading',
            states: {
              loading: {
                tags: DEPOSIT_TAGS.loadingPaymentMethods,
                invoke: {
                  id: 'loadDepositMethods',
                  src: 'loadDepositMethods',
                  input: () => ({}),
                  onDone: [
                    {
                      guard: { type: 'succeeded', params: outputOf },
                      target: 'done',
                      actions: { type: 'assignMethods', params: ({ event }) => ({ methods: event.output.ok ? event.output.methods : [] }) },
                    },
                    { target: 'done' },
                  ],
                  onError: { target: 'done', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              done: { type: 'final' },
            },
          },
          offers: {
            initial: 'loading',
            states: {
              loading: {
                tags: DEPOSIT_TAGS.loadingOffer,
                invoke: {
                  id: 'loadDepositOffers',
                  src: 'loadDepositOffers',
                  input: () => ({}),
                  onDone: [
                    {
                      guard: { type: 'succeeded', params: outputOf },
                      target: 'done',
                      actions: { type: 'assignOffers', params: ({ event }) => ({ offers: event.output.ok ? event.output.offers : [] }) },
                    },
                    // Offers are an extra: without them the form still works.
                    { target: 'done' },
                  ],
                  onError: { target: 'done', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              done: { type: 'final' },
            },
          },
        },
      },
      loadFailed: {
        on: {
          'deposit.retry': { target: 'loading', actions: assign({ settings: null, methods: [], offers: [] }) },
        },
      },
      form: {
        initial: 'deciding',
        // While submitting too: the limit is saved whatever the deposit answers.
        on: { 'deposit.limit.set': { actions: { type: 'assignLimit', params: ({ event }) => ({ limit: event.limit }) } } },
        states: {
          deciding: {
            always: [{ guard: 'hasMethod', target: 'editing' }, { target: 'choosing' }],
          },
          choosing: {
            on: {
              'deposit.method.select': {
                guard: { type: 'usableMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                target: 'editing',
                actions: { type: 'selectMethod', params: ({ event }) => ({ sysname: event.sysname }) },
              },
            },
          },
          editing: {
            on: {
              'deposit.method.select': {
                guard: { type: 'usableMethod', params: ({ event }) => ({ sysname: event.sysname }) },
                actions: { type: 'selectMethod', params: ({ event }) => ({ sysname: event.sysname }) },
              },
              'deposit.method.clear': { target: 'choosing', actions: 'clearMethod' },
              'deposit.amount.change': { actions: { type: 'assignAmount', params: ({ event }) => ({ value: event.value }) } },
              'deposit.amount.preset': { actions: { type: 'assignAmount', params: ({ event }) => ({ value: event.amount }) } },
              'deposit.offer.select': {
                guard: { type: 'offerSelectable', params: ({ event }) => ({ id: event.id }) },
                actions: { type: 'assignOffer', params: ({ event }) => ({ id: event.id }) },
              },
              'deposit.requisite.change': {
                actions: { type: 'assignRequisite', params: ({ event }) => ({ name: event.name, value: event.value }) },
              },
              'deposit.submit': [
                {
                  guard: 'formInvalid',
                  actions: [
                    { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateDeposit(context) }) },
                    { type: 'assignAlert', params: { alert: null } },
                    'focusFirstError',
                  ],
                },
                {
                  // SPEC §3 'Deposit limit': refused before asking the server, with what is left.
                  guard: 'overDepositLimit',
                  actions: { type: 'assignAlert', params: ({ context }) => ({ alert: depositLimitAlert(null, context.settings?.deposit_limit ?? null) }) },
                },
                { target: 'submitting', actions: 'startAttempt' },
              ],
            },
          },
          submitting: {
            tags: DEPOSIT_TAGS.busy,
            invoke: {
              id: 'makeDeposit',
              src: 'makeDeposit',
              input: ({ context }) => buildMakeDepositInput(context),
              onDone: [
                landed('success', '#deposit.succeeded'),
                landed('pending', '#deposit.pending'),
                landed('failed', '#deposit.declined'),
                landed('cancelled', '#deposit.cancelled'),
                landed('redirect', '#deposit.redirecting'),
                landed('newwindow', '#deposit.newWindow'),
                landed('mobile', '#deposit.mobile'),
                {
                  guard: 'limitRefused',
                  target: 'editing',
                  actions: [
                    'endAttempt',
                    { type: 'assignAlert', params: ({ context, event }) => ({ alert: depositLimitAlert(failureOf(event.output), context.settings?.deposit_limit ?? null) }) },
                  ],
                },
                {
                  guard: 'fieldsRefused',
                  target: 'editing',
                  actions: ['endAttempt', { type: 'assignFieldErrors', params: ({ event }) => ({ errors: fieldErrorsFromFailure(failureOf(event.output)) }) }, 'focusFirstError'],
                },
                {
                  guard: 'profileRefused',
                  target: 'editing',
                  actions: [
                    'endAttempt',
                    { type: 'assignAlert', params: ({ event }) => ({ alert: alertForFailure(failureOf(event.output)) }) },
                    { type: 'askForProfile', params: ({ event }) => ({ event: profileDataRequired(failureOf(event.output), 'fill_for_deposit')! }) },
                  ],
                },
                {
                  target: 'editing',
                  actions: ['endAttempt', { type: 'assignAlert', params: ({ event }) => ({ alert: alertForFailure(failureOf(event.output)) }) }],
                },
              ],
              // No answer: the request may have reached the server, so the key is kept and a
              // retry of the same form is the same attempt.
              onError: {
                target: 'editing',
                actions: [
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'assignAlert', params: { alert: alertForFailure(null) } },
                ],
              },
            },
          },
        },
      },
      succeeded: {
        type: 'final',
        entry: ['refreshBalance', { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.success, transactionId: txOf(context).transaction_id }) }],
      },
      pending: {
        type: 'final',
        entry: { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.pending, transactionId: txOf(context).transaction_id }) },
      },
      declined: {
        type: 'final',
        entry: { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.failed, transactionId: txOf(context).transaction_id }) },
      },
      cancelled: {
        type: 'final',
        entry: { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.cancelled, transactionId: txOf(context).transaction_id }) },
      },
      redirecting: {
        type: 'final',
        entry: { type: 'redirectToProvider', params: ({ context }) => ({ url: requireUrl(txOf(context)) }) },
      },
      newWindow: {
        type: 'final',
        entry: [
          { type: 'openProviderWindow', params: ({ context }) => ({ url: requireUrl(txOf(context)) }) },
          { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.newwindow, transactionId: txOf(context).transaction_id }) },
        ],
      },
      mobile: {
        type: 'final',
        entry: { type: 'goToResult', params: ({ context }) => ({ page: RESULT_PAGE.mobile, transactionId: txOf(context).transaction_id }) },
      },
    },
  })
}

function requireUrl(result: DepositResult): string {
  if (!result.redirect_url) throw new Error(`depositMachine: a ${result.status} result without redirect_url`)
  return result.redirect_url
}

export const depositMachine = createDepositMachine({ generateKey: createId })
export type DepositMachine = typeof depositMachine
