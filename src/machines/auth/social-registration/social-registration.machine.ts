// Completing a social registration: SPEC §2.3 (the socialRegistration view opens by itself when the
// logged-in account has is_registration_completed false), §4 'Social login' (the backUrl is
// followed after the login, which for a new social account is after this), §5 'Checkbox'.
//
// Why this shape. The currency list loads first (`loading`, or `loadFailed` with a retry). Then a
// plain form: `editing` -> `submitting` -> `done`, errors back in `editing` beside their field (the
// server's invalid_parameters included) or as one alert when they name no field. `done` hands the
// completed account to the root actor, closes the popup and follows the stored backUrl.
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import type { AccountInfo } from '../auth.types'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import { followBackUrl } from '../social-login/social-login.actors'
import { completeRegistration, loadCurrencies, trackSocialRegistrationCompleted } from './social-registration.actors'
import { hasErrors, initialCurrency, serverFieldErrors, validateCompletion } from './social-registration.rules'
import type { CompleteResult, SocialRegistrationContext, SocialRegistrationInput, SocialRegistrationEvent, SocialRegistrationFieldErrors } from './social-registration.types'

export const SOCIAL_REGISTRATION_TAGS = {
  /** The form shows. */
  form: 'form',
  /** A request is in flight. */
  busy: 'busy',
} as const
export type SocialRegistrationTag = (typeof SOCIAL_REGISTRATION_TAGS)[keyof typeof SOCIAL_REGISTRATION_TAGS]

type Done = { event: { output: CompleteResult } }

const socialRegistrationSetup = setup({
  types: {
    // void, not undefined: a test or the registry may start the flow with no input (setup drops an optional undefined).
    input: {} as SocialRegistrationInput | void,
    context: {} as SocialRegistrationContext,
    events: {} as SocialRegistrationEvent,
    children: {} as { loadCurrencies: 'loadCurrencies'; completeRegistration: 'completeRegistration' },
    tags: {} as SocialRegistrationTag,
    emitted: {} as FormEmitted,
  },
  actors: { loadCurrencies, completeRegistration },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    /** Hands the completed account to the root actor. */
    setUser: ({ context }, params: { account: AccountInfo }) => {
      if (!context.app) throw new Error('socialRegistrationMachine: input.app is missing')
      context.app.send({ type: 'session.set', account: params.account, via: 'registration' })
    },
    trackCompleted: (_, params: { uid: number }) => trackSocialRegistrationCompleted(params.uid),
    closePopup: ({ context }, params: { reason: 'registered' | 'dismissed' }) =>
      context.dialogs?.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: params.reason === 'registered' }),
    followBackUrl: (_, params: { locale: string }) => followBackUrl(params.locale),
    reportError: (_, params: { error: unknown }) => {
      console.error('socialRegistrationMachine:', params.error)
    },
    assignCurrencies: assign((_, params: { currencies: readonly string[]; defaultCurrency: string | null }) => ({
      currencies: params.currencies,
      values: { currency: initialCurrency(params.currencies, params.defaultCurrency), terms: false, notify: false },
    })),
    assignCurrency: assign(({ context }, params: { currency: string }) => {
      const { currency: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, currency: params.currency }, fieldErrors, alert: null }
    }),
    toggleTerms: assign(({ context }) => {
      const { terms: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, terms: !context.values.terms }, fieldErrors, alert: null }
    }),
    toggleNotify: assign(({ context }) => ({ values: { ...context.values, notify: !context.values.notify } })),
    assignErrors: assign((_, params: { fieldErrors: SocialRegistrationFieldErrors; alert: 'failed' | null }) => ({ fieldErrors: params.fieldErrors, alert: params.alert })),
    assignAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account })),
  },
  guards: {
    valid: ({ context }) => !hasErrors(validateCompletion(context.values, context.currencies)),
    completed: (_, params: { result: CompleteResult }) => params.result.ok,
    namesAField: (_, params: { result: CompleteResult }) => !params.result.ok && hasErrors(serverFieldErrors(params.result.error)),
  },
})

function accountOf(result: CompleteResult): AccountInfo {
  if (!result.ok) throw new Error('socialRegistrationMachine: expected a completed account')
  return result.account
}
function requireAccount(account: AccountInfo | null): AccountInfo {
  if (!account) throw new Error('socialRegistrationMachine: done without an account')
  return account
}

export const socialRegistrationMachine = socialRegistrationSetup.createMachine({
  id: 'socialRegistration',
  context: ({ input }) => ({ app: input?.app ?? null, dialogs: input?.dialogs ?? null, currencies: [], values: { currency: '', terms: false, notify: false }, fieldErrors: {}, alert: null, account: null }),
  initial: 'loading',
  on: {
    'popup.close': { target: '.closed', actions: { type: 'closePopup', params: { reason: 'dismissed' } } },
  },
  states: {
    loading: {
      tags: SOCIAL_REGISTRATION_TAGS.busy,
      invoke: {
        id: 'loadCurrencies',
        src: 'loadCurrencies',
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: {
              type: 'assignCurrencies',
              params: ({ event }) => (event.output.ok ? { currencies: event.output.currencies, defaultCurrency: event.output.defaultCurrency } : { currencies: [], defaultCurrency: null }),
            },
          },
          { target: 'loadFailed' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'socialReg.retry': 'loading' } },
    editing: {
      tags: SOCIAL_REGISTRATION_TAGS.form,
      on: {
        'socialReg.currency.change': { actions: { type: 'assignCurrency', params: ({ event }) => ({ currency: event.currency }) } },
        'socialReg.terms.toggle': { actions: 'toggleTerms' },
        'socialReg.notify.toggle': { actions: 'toggleNotify' },
        'socialReg.submit': [
          { guard: 'valid', target: 'submitting', actions: { type: 'assignErrors', params: { fieldErrors: {}, alert: null } } },
          {
            actions: [
              { type: 'assignErrors', params: ({ context }) => ({ fieldErrors: validateCompletion(context.values, context.currencies), alert: null }) },
              'focusFirstError',
            ],
          },
        ],
      },
    },
    submitting: {
      tags: [SOCIAL_REGISTRATION_TAGS.form, SOCIAL_REGISTRATION_TAGS.busy],
      invoke: {
        id: 'completeRegistration',
        src: 'completeRegistration',
        input: ({ context }) => context.values,
        onDone: [
          { guard: { type: 'completed', params: ({ event }: Done) => ({ result: event.output }) }, target: 'done', actions: { type: 'assignAccount', params: ({ event }) => ({ account: accountOf(event.output) }) } },
          {
            guard: { type: 'namesAField', params: ({ event }: Done) => ({ result: event.output }) },
            target: 'editing',
            actions: [
              { type: 'assignErrors', params: ({ event }) => ({ fieldErrors: event.output.ok ? {} : serverFieldErrors(event.output.error), alert: null }) },
              'focusFirstError',
            ],
          },
          { target: 'editing', actions: { type: 'assignErrors', params: { fieldErrors: {}, alert: 'failed' } } },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignErrors', params: { fieldErrors: {}, alert: 'failed' } }],
        },
      },
    },
    done: {
      type: 'final',
      entry: [
        { type: 'setUser', params: ({ context }) => ({ account: requireAccount(context.account) }) },
        { type: 'trackCompleted', params: ({ context }) => ({ uid: requireAccount(context.account).uid }) },
        { type: 'closePopup', params: { reason: 'registered' } },
        { type: 'followBackUrl', params: ({ context }) => ({ locale: requireAccount(context.account).locale }) },
      ],
    },
    closed: { type: 'final' },
  },
})

export type SocialRegistrationMachine = typeof socialRegistrationMachine
