// The personal details on /profile/settings (SPEC §3 'Profile', 'Profile field sysnames'; §7
// getprofileinfo, getPersonalDataFields, saveProfileInfo; §8). The fields are the country's list;
// choosing another country reads its list and keeps what was typed. A refusal keeps every value
// and puts the server's reasons on their fields; a save that came from another page (the
// fill-profile prompt) goes back there (docs/machines.md#profile-settings).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { loadFields, loadProfile, saveProfile } from './profile-settings.actors'
import { applyCountry, EMPTY_VALUES, hasErrors, isDirty, isLocked, mapSaveFailure, savePayload, validateSettings, valuesOf } from './profile-settings.rules'
import {
  PROFILE_SAVED,
  type LoadFieldsResult,
  type LoadProfileResult,
  type ProfileSettingsActionParams,
  type ProfileSettingsContext,
  type ProfileSettingsEmitted,
  type ProfileSettingsEvent,
  type ProfileSettingsInput,
  type ProfileSettingsMessageId,
  type SaveProfileResult,
} from './profile-settings.types'
import type { FormErrors } from '../../../shared/validation/rules'

export const PROFILE_SETTINGS_TAGS = {
  /** The form is on screen. */
  form: 'form',
  /** A call is on its way: the form is busy. */
  busy: 'busy',
  loading: 'loading',
} as const
export type ProfileSettingsTag = (typeof PROFILE_SETTINGS_TAGS)[keyof typeof PROFILE_SETTINGS_TAGS]

function failureOf(result: AuthResult): AuthFailure {
  if (result.ok) throw new Error('profileSettingsMachine: expected a failed result')
  return result.error
}

const settingsSetup = setup({
  types: {
    context: {} as ProfileSettingsContext,
    events: {} as ProfileSettingsEvent,
    input: {} as ProfileSettingsInput,
    children: {} as { loadProfile: 'loadProfile'; loadFields: 'loadFields'; saveProfile: 'saveProfile' },
    tags: {} as ProfileSettingsTag,
    emitted: {} as ProfileSettingsEmitted,
  },
  actors: { loadProfile, loadFields, saveProfile },
  actions: {
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    announceSaved: emit(({ context }) => ({ type: PROFILE_SAVED, returnTo: context.returnTo })),
    reportError: (_, params: ProfileSettingsActionParams['reportError']) => {
      console.error('profileSettingsMachine:', params.error)
    },
    assignLoaded: assign((_, params: { result: LoadProfileResult }) => {
      if (!params.result.ok) return {}
      const values = valuesOf(params.result.profile)
      return { fields: params.result.fields, values, saved: values, fieldErrors: {}, alert: null, nextFakenameChange: params.result.profile.fakename_next_change_at ?? null }
    }),
    assignField: assign(({ context }, params: { name: keyof ProfileSettingsContext['values']; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignPendingCountry: assign((_, params: { countryCode: string }) => ({ pendingCountry: params.countryCode.toUpperCase(), alert: null })),
    applyCountry: assign(({ context }, params: { result: LoadFieldsResult }) => {
      if (!params.result.ok || !context.pendingCountry) return { pendingCountry: null }
      const { country_code: _, region: __, document_type: ___, ...fieldErrors } = context.fieldErrors
      return { fields: params.result.fields, values: applyCountry(context.values, context.pendingCountry, params.result.fields), fieldErrors, pendingCountry: null }
    }),
    assignFieldErrors: assign((_, params: { errors: FormErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: ProfileSettingsMessageId | null }) => ({ alert: params.alert, pendingCountry: null })),
    assignSaved: assign(({ context }) => ({ saved: context.values, fieldErrors: {}, alert: 'saved' as const })),
    reset: assign(({ context }) => ({ values: context.saved, fieldErrors: {}, alert: null })),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    formValid: ({ context }) => !hasErrors(validateSettings(context.fields, context.values, new Date())),
    dirty: ({ context }) => isDirty(context.fields, context.values, context.saved),
    editable: ({ context }, params: { name: string }) => !isLocked(params.name, context.identityLocked, context.saved),
    otherCountry: ({ context }, params: { countryCode: string }) =>
      /^[A-Za-z]{2}$/.test(params.countryCode) && params.countryCode.toUpperCase() !== context.values.country_code && !isLocked('country_code', context.identityLocked, context.saved),
    fieldErrors: ({ context }, params: { result: SaveProfileResult }) => !params.result.ok && mapSaveFailure(params.result.error, context.fields) !== null,
  },
})

type Answered<R> = { event: { output: R } }

export const profileSettingsMachine = settingsSetup.createMachine({
  id: 'profileSettings',
  context: ({ input }) => ({
    identityLocked: input.identityLocked,
    returnTo: input.returnTo,
    fields: null,
    values: EMPTY_VALUES,
    saved: EMPTY_VALUES,
    fieldErrors: {},
    alert: null,
    pendingCountry: null,
    nextFakenameChange: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: PROFILE_SETTINGS_TAGS.loading,
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }: Answered<LoadProfileResult>) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: {
          target: 'loadFailed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }],
        },
      },
    },
    loadFailed: { on: { 'profile.retry': 'loading' } },
    editing: {
      tags: PROFILE_SETTINGS_TAGS.form,
      on: {
        'profile.field.change': {
          guard: { type: 'editable', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
        'profile.country.change': {
          guard: { type: 'otherCountry', params: ({ event }) => ({ countryCode: event.countryCode }) },
          target: 'loadingFields',
          actions: { type: 'assignPendingCountry', params: ({ event }) => ({ countryCode: event.countryCode }) },
        },
        'profile.reset': { actions: 'reset' },
        'profile.submit': [
          // Nothing changed: nothing to send (the button says so too).
          { guard: ({ context }) => !isDirty(context.fields, context.values, context.saved) },
          { guard: 'formValid', target: 'saving', actions: { type: 'assignAlert', params: { alert: null } } },
          {
            actions: [
              { type: 'assignAlert', params: { alert: null } },
              { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateSettings(context.fields, context.values, new Date()) }) },
              'focusFirstError',
            ],
          },
        ],
      },
    },
    // The new country's list; the player may go on typing meanwhile, and nothing typed is lost.
    loadingFields: {
      tags: [PROFILE_SETTINGS_TAGS.form, PROFILE_SETTINGS_TAGS.busy],
      on: {
        'profile.field.change': {
          guard: { type: 'editable', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
      },
      invoke: {
        id: 'loadFields',
        src: 'loadFields',
        input: ({ context }) => ({ countryCode: context.pendingCountry ?? '' }),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }: Answered<LoadFieldsResult>) => ({ result: event.output }) },
            target: 'editing',
            actions: { type: 'applyCountry', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'editing', actions: { type: 'assignAlert', params: { alert: 'fieldsFailed' } } },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'fieldsFailed' } }],
        },
      },
    },
    saving: {
      tags: [PROFILE_SETTINGS_TAGS.form, PROFILE_SETTINGS_TAGS.busy],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => savePayload(context.fields, context.values),
        onDone: [
          {
            guard: { type: 'ok', params: ({ event }: Answered<SaveProfileResult>) => ({ result: event.output }) },
            target: 'editing',
            actions: ['assignSaved', 'announceSaved'],
          },
          {
            guard: { type: 'fieldErrors', params: ({ event }: Answered<SaveProfileResult>) => ({ result: event.output }) },
            target: 'editing',
            actions: [
              { type: 'assignFieldErrors', params: ({ context, event }) => ({ errors: mapSaveFailure(failureOf(event.output), context.fields) ?? {} }) },
              'focusFirstError',
            ],
          },
          { target: 'editing', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'saveFailed' } }],
        },
      },
    },
  },
})

export type ProfileSettingsMachine = typeof profileSettingsMachine
