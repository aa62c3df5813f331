// The auth popup's registration flow (SPEC §2.3, §3, §4 'Registration' and 'Promo code', §5, §7, §8).
// The form, the country's fields and the promo code change independently: three regions (docs/machines.md#registration).

import { and, assign, emit, setup, stateIn } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import { PROMO_CHECK_DEBOUNCE_MS } from '../../../shared/constants'
import type { FormErrors } from '../../../shared/validation/rules'
import type { DialogKind } from '../../app/dialog-stack/dialog-stack.types'
import type { AccountInfo, AuthFailure, AuthResult } from '../auth.types'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import {
  checkPromocode,
  clearStoredPreferences,
  finishEmbeddedRegistration,
  loadFields,
  loadSettings,
  queuePostRegistrationPopups,
  register,
  trackRegistration,
  trackRegistrationError,
} from './registration.actors'
import { buildRegistrationPayload } from './registration.payload'
import {
  activeFields,
  applyFieldList,
  isBettingFrom,
  isSubmittable,
  mapRegistrationFailure,
  registeredRedirectPath,
  termsBlockSocial,
} from './registration.rules'
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type CheckPromocodeResult,
  type EditableField,
  type LoadFieldsResult,
  type LoadSettingsResult,
  type RegistrationContent,
  type ProfileField,
  type RegisterInput,
  type RegisterResult,
  type RegistrationActionParams,
  type RegistrationContext,
  type RegistrationEmitted,
  type RegistrationEvent,
  REGISTRATION_REDIRECT,
  type RegistrationInput,
  type RegistrationMode,
  type RegistrationValues,
} from './registration.types'

export const REGISTRATION_TAGS = {
  /** The register request runs: the submit button shows loading and is disabled (SPEC §4). */
  submitting: 'submitting',
  /** The settings are loading: the popup shows the form's skeleton (SPEC §2.3). */
  loadingSettings: 'loadingSettings',
  /** The field list is loading: the form shows its skeleton (SPEC §2.3). */
  loadingFields: 'loadingFields',
  /** The promo code is being checked: the promo field shows loading (SPEC §4). */
  checkingPromo: 'checkingPromo',
} as const
export type RegistrationTag = (typeof REGISTRATION_TAGS)[keyof typeof REGISTRATION_TAGS]

function without(errors: FormErrors, ...names: string[]): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name)))
}

function withValue(values: RegistrationValues, name: EditableField, value: string): RegistrationValues {
  if (name === 'password' || name === 'currency') return { ...values, [name]: value }
  return { ...values, profile: { ...values.profile, [name]: value } }
}

function touch(context: RegistrationContext, name: string): readonly string[] {
  return context.touched.includes(name) ? context.touched : [...context.touched, name]
}

function failureOf(result: AuthResult): AuthFailure {
  if (result.ok) throw new Error('registrationMachine: expected a failed result')
  return result.error
}

function requireCountry(values: RegistrationValues): string {
  const countryCode = values.profile.country_code
  if (!countryCode) throw new Error('registrationMachine: loadFields needs a country code')
  return countryCode
}

/** The popups queued after registration, in SPEC §4's order. */
function postRegistrationPopups(context: RegistrationContext): DialogKind[] {
  return [...(context.settings.confirmEmailPopup ? (['confirm-email'] as const) : []), 'cashback-unseen', 'campaign']
}

function initialContext(input: RegistrationInput): RegistrationContext {
  const settings = input.settings ?? DEFAULT_REGISTRATION_SETTINGS
  const mode = settings.modes[0]
  if (!mode) throw new Error('registrationMachine: settings.modes is empty; the content system must list a mode')
  if (input.settings && !input.countryCode) throw new Error('registrationMachine: input.countryCode is missing')
  const { password = '', ...profilePrefill } = input.prefill ?? {}
  const storedBettingPreference = input.storedBettingPreference ?? null
  return {
    settingsSource: input.settings ? 'input' : 'server',
    settings,
    content: null,
    storedBettingPreference,
    mode,
    values: {
      password,
      locale: input.locale,
      currency: '',
      promo_code: '',
      terms: false,
      notify: false,
      is_betting: isBettingFrom(storedBettingPreference, settings),
      character_id: null,
      // Without given settings the loaded ones' defaultCountry fills it (assignSettings).
      profile: { ...profilePrefill, country_code: input.countryCode ?? '' },
    },
    fields: null,
    currencies: input.currencies ?? [],
    preselectedCurrency: input.currency ?? null,
    submitted: false,
    touched: [],
    reportedErrors: {},
    generalError: null,
    validPromoCode: null,
    redirectUrl: input.redirectUrl ?? null,
    redirectTo: null,
    account: null,
    app: input.app ?? null,
    dialogs: input.dialogs ?? null,
    social: input.social ?? null,
    embedded: input.embedded ?? false,
  }
}

type Done<T> = { event: { output: T } }

export const registrationMachine = setup({
  types: {
    input: {} as RegistrationInput,
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    children: {} as {
      loadSettings: 'loadSettings'
      loadFields: 'loadFields'
      checkPromocode: 'checkPromocode'
      register: 'register'
    },
    tags: {} as RegistrationTag,
    emitted: {} as RegistrationEmitted,
  },
  actors: { loadSettings, loadFields, checkPromocode, register },
  delays: {
    /** SPEC §4 'Promo code', §9: the check waits for 300 ms without typing. */
    promoDebounce: PROMO_CHECK_DEBOUNCE_MS,
  },
  actions: {
    /** Hands the new account to the root actor ('session.set'). */
    setUser: ({ context }, params: RegistrationActionParams['setUser']) => {
      if (!context.app) throw new Error(`registrationMachine: input.app is missing (uid ${params.account.uid})`)
      context.app.send({ type: 'session.set', account: params.account, via: 'registration' })
    },
    /** Adds register=success to the query of the page the player goes to (SPEC §2.2). */
    addRegisterSuccessQuery: assign(({ context }) => ({ redirectTo: registeredRedirectPath(context.redirectUrl) })),
    /**
     * Loads the new player's profile. The profile is read by the popups that need it (confirm-email)
     * and by the profile pages themselves; there is no client-side profile store to fill yet.
     */
    loadProfile: () => {},
    /**
     * Activates the saved promo code, if storage holds one (SPEC §4). Nothing on the site saves one
     * before sign-up yet, and activating is the bonuses area's; clearStoredPreferences removes a stale one.
     */
    activateSavedPromo: () => {},
    /** Analytics: a registration. */
    trackRegistration: (_, params: RegistrationActionParams['trackRegistration']) => trackRegistration(params.uid),
    /** Analytics 'error sign-up' with the error code (SPEC §4). */
    trackRegistrationError: (_, params: RegistrationActionParams['trackRegistrationError']) => trackRegistrationError(params.type, params.code),
    /** Clears the stored betting preference and the saved promo code (SPEC §4). */
    clearStoredPreferences: () => clearStoredPreferences(),
    /** Closes the auth popup at once, prevent_close or not; a page without a dialog stack has none. */
    closePopup: ({ context }, _params: RegistrationActionParams['closePopup']) =>
      context.dialogs?.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: true }),
    /** Queues the post-registration popups on the dialog stack ('dialog.open' with queue: true). */
    queuePostRegistrationPopups: ({ context }, params: RegistrationActionParams['queuePostRegistrationPopups']) => {
      if (!context.dialogs) return
      // Each popup asks the API whether it has something to say; the redirect does not wait for them.
      queuePostRegistrationPopups(context.dialogs, params.kinds).catch((error: unknown) => console.error('registration popups:', error))
    },
    /**
     * Tells the page where to go (SPEC §2.3): only its router can move it client-side, keeping the
     * queued popups. The embeddable page makes no router move (finishEmbedded does its part).
     */
    redirectAfterRegistration: emit((_, params: RegistrationActionParams['redirectAfterRegistration']) => ({
      type: REGISTRATION_REDIRECT,
      to: params.to,
    })),
    /** The embeddable /forms/sign_up page (input.embedded) ends by itself: see finishEmbeddedRegistration. */
    finishEmbedded: ({ context }, params: RegistrationActionParams['finishEmbedded']) => {
      if (context.embedded) finishEmbeddedRegistration(params.to, context.values.locale)
    },
    /** Hands the choice to the social-login flow, which opens the window (SPEC §7: 640x480 at /oauth/init). */
    openSocialLogin: ({ context }, params: RegistrationActionParams['openSocialLogin']) => {
      if (!context.social) throw new Error(`registrationMachine: input.social is missing (${params.provider})`)
      context.social.send({ type: 'social.select', service: params.provider })
    },
    /** An actor rejected: a bug, not an API error. */
    reportError: (_, params: RegistrationActionParams['reportError']) => {
      console.error('registrationMachine:', params.error)
    },
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),

    /** The loaded settings decide the mode, the betting default and, unless given, the country. */
    assignSettings: assign(({ context }, params: { settings: RegistrationContent }) => {
      const mode = params.settings.modes[0]
      if (!mode) throw new Error('registrationMachine: settings.modes is empty; the content system must list a mode')
      return {
        settings: params.settings,
        content: params.settings,
        mode,
        values: {
          ...context.values,
          is_betting: isBettingFrom(context.storedBettingPreference, params.settings),
          profile: {
            ...context.values.profile,
            country_code: context.values.profile.country_code || params.settings.defaultCountry,
          },
        },
      }
    }),
    selectMode: assign((_, params: { mode: RegistrationMode }) => ({
      mode: params.mode,
      submitted: false,
      touched: [],
      reportedErrors: {},
      generalError: null,
    })),
    changeField: assign(({ context }, params: { name: EditableField; value: string }) => ({
      values: withValue(context.values, params.name, params.value),
      touched: touch(context, params.name),
      reportedErrors: without(context.reportedErrors, params.name),
    })),
    toggleTerms: assign(({ context }) => ({
      values: { ...context.values, terms: !context.values.terms },
      touched: touch(context, 'terms'),
      reportedErrors: without(context.reportedErrors, 'terms'),
    })),
    toggleNotify: assign(({ context }) => ({ values: { ...context.values, notify: !context.values.notify } })),
    selectBetting: assign(({ context }, params: { isBetting: boolean }) => ({
      values: { ...context.values, is_betting: params.isBetting ? (1 as const) : (0 as const) },
    })),
    selectCharacter: assign(({ context }, params: { id: number }) => ({
      values: { ...context.values, character_id: params.id },
    })),
    /** SPEC §5 'Checkbox': the terms error shows when a social click is blocked. */
    reportTermsError: assign(({ context }) => ({
      reportedErrors: { ...context.reportedErrors, terms: { rule: 'checkbox', messageId: 'checkbox' } },
    })),
    /** A submit shows every error; onSubmit forgets what was typed before it (SPEC §5 'Strategy'). */
    markSubmitted: assign(({ context }) => ({
      submitted: true,
      touched: context.settings.strategy === 'onSubmit' ? [] : context.touched,
      generalError: null,
    })),
    assignFailure: assign(({ context }, params: { failure: AuthFailure | null }) => {
      if (!params.failure) return { generalError: 'wrongRegistrationServerError' as const }
      const mapped = mapRegistrationFailure(params.failure, context)
      // Server errors show whatever the strategy: the player must see why the server refused.
      return {
        reportedErrors: { ...context.reportedErrors, ...mapped.errors },
        generalError: mapped.generalError,
        touched: context.settings.strategy === 'onSubmit' ? [] : context.touched,
      }
    }),
    assignAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account })),
    changeCountry: assign(({ context }, params: { countryCode: string }) => ({
      values: { ...context.values, profile: { ...context.values.profile, country_code: params.countryCode } },
      reportedErrors: without(context.reportedErrors, 'country_code', 'region', 'currency', 'document_type'),
    })),
    assignFields: assign(({ context }, params: { fields: readonly ProfileField[] }) => ({
      values: applyFieldList(context, params.fields),
      fields: params.fields,
    })),
    changePromo: assign(({ context }, params: { value: string }) => ({
      values: { ...context.values, promo_code: params.value },
    })),
    acceptPromo: assign(({ context }) => ({ validPromoCode: context.values.promo_code.trim() })),
    forgetPromo: assign({ validPromoCode: null }),
  },
  guards: {
    settingsGiven: ({ context }) => context.settingsSource === 'input',
    submittable: ({ context }) => isSubmittable(context, false),
    termsBlockSocial: ({ context }) => termsBlockSocial(context),
    isOfferedMode: ({ context }, params: { mode: RegistrationMode }) =>
      params.mode !== context.mode && context.settings.modes.includes(params.mode),
    notifyShown: ({ context }) => context.settings.notify.isActive,
    bettingShown: ({ context }) => context.settings.markBetting.isActive,
    characterShown: ({ context }) => context.settings.characterSelect.isActive,
    promoOffered: ({ context }) => context.settings.showPromocode,
    promoOpenAtStart: ({ context }) => context.settings.showPromocode && context.settings.promoOpenByDefault,
    promoEmpty: ({ context }) => context.values.promo_code.trim() === '',
    isOtherCountry: ({ context }, params: { countryCode: string }) =>
      params.countryCode !== '' && params.countryCode !== context.values.profile.country_code,
    succeeded: (_, params: { result: AuthResult }) => params.result.ok,
    promoValid: (_, params: { result: CheckPromocodeResult }) => params.result.ok && params.result.valid,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => initialContext(input),
  initial: 'settings',
  states: {
    // The form's rules come from the content system (SPEC §3 'Registration settings'): nothing of
    // the form exists until they are here, so this comes before `active`, with a retry.
    settings: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'settingsGiven', target: '#registration.active' }, { target: 'loading' }] },
        loading: {
          tags: REGISTRATION_TAGS.loadingSettings,
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }: Done<LoadSettingsResult>) => ({ result: event.output }) },
                target: '#registration.active',
                actions: {
                  type: 'assignSettings',
                  params: ({ event }) => {
                    if (!event.output.ok) throw new Error('registrationMachine: expected settings')
                    return { settings: event.output.settings }
                  },
                },
              },
              { target: 'failed' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The view says the form could not be loaded and offers a retry.
        failed: { on: { 'reg.settings.retry': 'loading' } },
      },
    },
    active: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'reg.mode.select': {
                  guard: { type: 'isOfferedMode', params: ({ event }) => ({ mode: event.mode }) },
                  actions: { type: 'selectMode', params: ({ event }) => ({ mode: event.mode }) },
                },
                'reg.field.change': {
                  actions: { type: 'changeField', params: ({ event }) => ({ name: event.name, value: event.value }) },
                },
                'reg.terms.toggle': { actions: 'toggleTerms' },
                'reg.notify.toggle': { guard: 'notifyShown', actions: 'toggleNotify' },
                'reg.betting.select': {
                  guard: 'bettingShown',
                  actions: { type: 'selectBetting', params: ({ event }) => ({ isBetting: event.isBetting }) },
                },
                'reg.character.select': {
                  guard: 'characterShown',
                  actions: { type: 'selectCharacter', params: ({ event }) => ({ id: event.id }) },
                },
                'reg.social.click': [
                  { guard: 'termsBlockSocial', actions: 'reportTermsError' },
                  { actions: { type: 'openSocialLogin', params: ({ event }) => ({ provider: event.provider }) } },
                ],
                'reg.submit': [
                  {
                    guard: and([stateIn({ active: { fields: 'ready' } }), 'submittable']),
                    target: 'submitting',
                    actions: 'markSubmitted',
                  },
                  // Blocked: every error shows now, and the player is taken to the first.
                  { actions: ['markSubmitted', 'focusFirstError'] },
                ],
              },
            },
            submitting: {
              tags: REGISTRATION_TAGS.submitting,
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }): RegisterInput => ({
                  payload: buildRegistrationPayload({
                    values: context.values,
                    fields: activeFields(context.fields, context.mode),
                    settings: context.settings,
                    validPromoCode: context.validPromoCode,
                  }),
                }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }: Done<RegisterResult>) => ({ result: event.output }) },
                    target: '#registration.registered',
                    actions: {
                      type: 'assignAccount',
                      params: ({ event }) => {
                        if (!event.output.ok) throw new Error('registrationMachine: expected an account')
                        return { account: event.output.account }
                      },
                    },
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'assignFailure', params: ({ event }) => ({ failure: failureOf(event.output) }) },
                      {
                        type: 'trackRegistrationError',
                        params: ({ event }) => ({ type: failureOf(event.output).type, code: failureOf(event.output).code }),
                      },
                      // The server's field errors are shown on their fields: the player is taken to the first.
                      'focusFirstError',
                    ],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'assignFailure', params: { failure: null } },
                    { type: 'trackRegistrationError', params: { type: null, code: null } },
                  ],
                },
              },
            },
          },
        },
        fields: {
          initial: 'loading',
          on: {
            'reg.country.change': {
              guard: { type: 'isOtherCountry', params: ({ event }) => ({ countryCode: event.countryCode }) },
              // Not `reenter`: that would make the transition's domain the parallel parent and
              // restart the form and promo regions too. From the region, `.loading` is left and
              // entered again anyway, which restarts the load for the new country.
              target: '.loading',
              actions: { type: 'changeCountry', params: ({ event }) => ({ countryCode: event.countryCode }) },
            },
          },
          states: {
            loading: {
              tags: REGISTRATION_TAGS.loadingFields,
              invoke: {
                id: 'loadFields',
                src: 'loadFields',
                input: ({ context }) => ({ countryCode: requireCountry(context.values) }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }: Done<LoadFieldsResult>) => ({ result: event.output }) },
                    target: 'ready',
                    actions: {
                      type: 'assignFields',
                      params: ({ event }) => {
                        if (!event.output.ok) throw new Error('registrationMachine: expected fields')
                        return { fields: event.output.fields }
                      },
                    },
                  },
                  { target: 'failed' },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            ready: {},
            // The form cannot be sent without its fields; the view offers a retry.
            failed: { on: { 'reg.fields.retry': 'loading' } },
          },
        },
        promo: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'promoOpenAtStart', target: 'on' }, { target: 'off' }] },
            off: {
              on: { 'reg.promo.toggle': { guard: 'promoOffered', target: 'on' } },
            },
            on: {
              initial: 'deciding',
              on: {
                'reg.promo.toggle': 'off',
                // Each keystroke leaves the current sub-state (an answer in flight is dropped with
                // its actor) and enters `debouncing` afresh, which re-arms the delay.
                'reg.promo.change': {
                  target: '.debouncing',
                  actions: { type: 'changePromo', params: ({ event }) => ({ value: event.value }) },
                },
              },
              states: {
                deciding: { always: [{ guard: 'promoEmpty', target: 'idle' }, { target: 'debouncing' }] },
                idle: {},
                debouncing: {
                  after: {
                    promoDebounce: [{ guard: 'promoEmpty', target: 'idle' }, { target: 'checking' }],
                  },
                },
                checking: {
                  tags: REGISTRATION_TAGS.checkingPromo,
                  invoke: {
                    id: 'checkPromocode',
                    src: 'checkPromocode',
                    input: ({ context }) => ({ promoCode: context.values.promo_code.trim() }),
                    onDone: [
                      {
                        guard: {
                          type: 'promoValid',
                          params: ({ event }: Done<CheckPromocodeResult>) => ({ result: event.output }),
                        },
                        target: 'valid',
                      },
                      { target: 'invalid' },
                    ],
                    onError: {
                      target: 'invalid',
                      actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                valid: { entry: 'acceptPromo', exit: 'forgetPromo' },
                invalid: {},
              },
            },
          },
        },
      },
    },
    // SPEC §4 'Registration', in order, except that the popup closes once the redirect has landed
    // (`done`): closed first, its query flags would be cleared from the page being left, a
    // navigation that cancels the redirect in flight.
    registered: {
      entry: [
        { type: 'setUser', params: ({ context }) => ({ account: requireAccount(context.account) }) },
        'addRegisterSuccessQuery',
        'loadProfile',
        'activateSavedPromo',
        { type: 'trackRegistration', params: ({ context }) => ({ uid: requireAccount(context.account).uid }) },
        'clearStoredPreferences',
        { type: 'queuePostRegistrationPopups', params: ({ context }) => ({ kinds: postRegistrationPopups(context) }) },
        { type: 'redirectAfterRegistration', params: ({ context }) => ({ to: requireRedirect(context.redirectTo) }) },
        { type: 'finishEmbedded', params: ({ context }) => ({ to: requireRedirect(context.redirectTo) }) },
      ],
      on: { 'reg.redirect.landed': 'done' },
    },
    done: {
      type: 'final',
      entry: { type: 'closePopup', params: { reason: 'registered' } },
    },
  },
})

function requireRedirect(to: string | null): string {
  if (to === null) throw new Error('registrationMachine: redirect before addRegisterSuccessQuery')
  return to
}

function requireAccount(account: AccountInfo | null): AccountInfo {
  if (!account) throw new Error('registrationMachine: reached registered without an account')
  return account
}

export type RegistrationMachine = typeof registrationMachine
