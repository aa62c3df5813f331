// The registration flow's sample events, field lists and answers: its model test walks them, and so
// does the flows registry (`npm run flows -- paths registration`).
import type { SnapshotFrom } from 'xstate'
import { defineEntry, delaySamples, delayEvent, doneEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, sampleVisitor, unavailable } from '../auth.samples'
import type { AccountInfo } from '../auth.types'
import { registrationMachine } from './registration.machine'
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type CheckPromocodeResult,
  type FieldChoice,
  type LoadFieldsResult,
  type LoadSettingsResult,
  type ProfileField,
  type RegisterResult,
  type RegistrationContent,
  type RegistrationContext,
  type RegistrationEvent,
  type RegistrationSettings,
} from './registration.types'

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>

export { unavailable }

export const choice = (value: string): FieldChoice => ({ value, label: value })
export const field = (sysname: ProfileField['sysname'], over: Partial<ProfileField> = {}): ProfileField => ({
  sysname,
  is_visible: true,
  is_required: false,
  type: 'input',
  options: {},
  ...over,
})

/** The profile fields per country, as getPersonalDataFields would answer. */
export const FIELDS = {
  // Malta, the flows registry's country: the e-mail alone.
  MT: [field('email', { is_required: true })],
  DE: [
    field('email', { is_required: true }),
    field('mobile', { type: 'phone' }),
    field('country_code', { type: 'country_code', is_required: true }),
    field('region', { type: 'region', options: { list: [choice('BY'), choice('BE')] } }),
    field('document_type', { type: 'select', options: { list: [choice('passport'), choice('id_card')] } }),
    field('currency', { type: 'select', is_required: true, options: { list: [choice('EUR'), choice('USD')] } }),
    field('first_name', { is_visible: false, is_required: true }),
  ],
  ES: [
    field('email', { is_required: true }),
    field('mobile', { type: 'phone' }),
    field('country_code', { type: 'country_code', is_required: true }),
    field('region', { type: 'region', options: { list: [choice('MD'), choice('CT')] } }),
    field('document_type', { type: 'select', options: { list: [choice('dni')] } }),
    field('currency', { type: 'select', is_required: true, options: { list: [choice('EUR')] } }),
  ],
} satisfies Record<string, ProfileField[]>
export type Country = keyof typeof FIELDS

export const newPlayer: AccountInfo = {
  ...sampleVisitor,
  uid: 99,
  reg_time: '2025-01-01T00:00:00Z',
  login: 'ada@example.com',
  balance_main: { amount: '0.00', currency: 'USD' },
}

export const phoneTaken = fail(
  failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { phone: ['taken'], email: ['email'] } }),
)
export const unknownField = fail(
  failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { nickname_of_pet: ['taken'] } }),
)

export const baseSettings: RegistrationSettings = {
  ...DEFAULT_REGISTRATION_SETTINGS,
  modes: ['form', 'fast', 'social'],
  terms: { isActive: true },
  notify: { isActive: true },
  markBetting: { isActive: true, defaultValue: 'betting' },
  characterSelect: { isActive: true },
  strategy: 'eager',
}


/** The content system's settings as getRegistrationSettings answers them. */
export const content: RegistrationContent = {
  ...baseSettings,
  modes: ['fast', 'form'],
  markBetting: { isActive: true, defaultValue: 'casino' },
  terms: { isActive: true, pageSlug: 'terms' },
  defaultCountry: 'ES',
  minimumAge: 21,
  socialProviders: [],
  sideBanner: null,
}

// The flows registry walks the smaller tables (registrationSamples, registrationOutcomes) from an
// empty form: its serializeState only tells filled from empty, so richer samples would hide a
// valid form behind an invalid one. The model test walks the richer tables built on them.

// Every event type of RegistrationEvent needs samples, or this does not compile.
export const registrationSamples = {
  'reg.settings.retry': [{ type: 'reg.settings.retry' }],
  'reg.mode.select': [{ type: 'reg.mode.select', mode: 'fast' }],
  'reg.field.change': [
    { type: 'reg.field.change', name: 'email', value: 'ada@example.com' },
    { type: 'reg.field.change', name: 'password', value: 'secret1' },
  ],
  'reg.country.change': [{ type: 'reg.country.change', countryCode: 'DE' }],
  'reg.fields.retry': [{ type: 'reg.fields.retry' }],
  'reg.promo.toggle': [{ type: 'reg.promo.toggle' }],
  'reg.promo.change': [{ type: 'reg.promo.change', value: ' WELCOME ' }],
  'reg.terms.toggle': [{ type: 'reg.terms.toggle' }],
  'reg.notify.toggle': [{ type: 'reg.notify.toggle' }],
  'reg.betting.select': [{ type: 'reg.betting.select', isBetting: false }],
  'reg.character.select': [{ type: 'reg.character.select', id: 3 }],
  'reg.social.click': [{ type: 'reg.social.click', provider: 'google' }],
  'reg.submit': [{ type: 'reg.submit' }],
  'reg.redirect.landed': [{ type: 'reg.redirect.landed' }],
} satisfies SampleTable<RegistrationEvent>

/** The model test's events: every mode, a malformed e-mail, both countries, a promo code cleared. */
export const registrationModelSamples = {
  ...registrationSamples,
  'reg.mode.select': [
    { type: 'reg.mode.select', mode: 'fast' },
    { type: 'reg.mode.select', mode: 'social' },
    { type: 'reg.mode.select', mode: 'form' },
  ],
  'reg.field.change': [
    { type: 'reg.field.change', name: 'email', value: 'ada@example' },
    { type: 'reg.field.change', name: 'email', value: 'ada@example.com' },
  ],
  'reg.country.change': [
    { type: 'reg.country.change', countryCode: 'ES' },
    { type: 'reg.country.change', countryCode: 'DE' },
  ],
  'reg.promo.change': [
    { type: 'reg.promo.change', value: ' WELCOME ' },
    { type: 'reg.promo.change', value: '' },
  ],
} satisfies SampleTable<RegistrationEvent>

/** The player stopped typing the promo code. */
export const TICK = delayEvent(registrationMachine, 'promoDebounce').type

for (const id of ['loadSettings', 'loadFields', 'checkPromocode', 'register']) doneEventType(registrationMachine, id)

export type RegistrationOutcome =
  | { type: 'xstate.done.actor.loadSettings'; output: LoadSettingsResult }
  | { type: 'xstate.error.actor.loadSettings'; error: unknown }
  | { type: 'xstate.done.actor.loadFields'; output: LoadFieldsResult }
  | { type: 'xstate.error.actor.loadFields'; error: unknown }
  | { type: 'xstate.done.actor.checkPromocode'; output: CheckPromocodeResult }
  | { type: 'xstate.error.actor.checkPromocode'; error: unknown }
  | { type: 'xstate.done.actor.register'; output: RegisterResult }
  | { type: 'xstate.error.actor.register'; error: unknown }
  | { type: typeof TICK }

export const countryOf = (s: RegistrationSnapshot) => s.context.values.profile.country_code as Country

/** The content system's settings for the registry's walk: no terms to tick, Malta's e-mail-only form. */
const registryContent: RegistrationContent = {
  ...DEFAULT_REGISTRATION_SETTINGS,
  modes: [...DEFAULT_REGISTRATION_SETTINGS.modes],
  terms: { isActive: false, pageSlug: null },
  defaultCountry: 'MT',
  minimumAge: 18,
  socialProviders: [],
  sideBanner: null,
}

export const registrationOutcomes = {
  'xstate.done.actor.loadSettings': [
    { type: 'xstate.done.actor.loadSettings', output: { ok: true, settings: registryContent } },
    { type: 'xstate.done.actor.loadSettings', output: unavailable },
  ],
  'xstate.error.actor.loadSettings': [{ type: 'xstate.error.actor.loadSettings', error: 'bug' }],
  // The server answers for the country asked.
  'xstate.done.actor.loadFields': (s: RegistrationSnapshot) => [
    { type: 'xstate.done.actor.loadFields' as const, output: { ok: true as const, fields: FIELDS[countryOf(s)] } },
    { type: 'xstate.done.actor.loadFields' as const, output: unavailable },
  ],
  'xstate.error.actor.loadFields': [{ type: 'xstate.error.actor.loadFields', error: 'bug' }],
  'xstate.done.actor.checkPromocode': [
    { type: 'xstate.done.actor.checkPromocode', output: { ok: true, valid: true } },
    { type: 'xstate.done.actor.checkPromocode', output: { ok: true, valid: false } },
  ],
  'xstate.error.actor.checkPromocode': [{ type: 'xstate.error.actor.checkPromocode', error: 'bug' }],
  'xstate.done.actor.register': [
    { type: 'xstate.done.actor.register', output: { ok: true, account: newPlayer } },
    { type: 'xstate.done.actor.register', output: phoneTaken },
  ],
  'xstate.error.actor.register': [{ type: 'xstate.error.actor.register', error: 'bug' }],
  ...delaySamples(TICK),
} satisfies SampleTable<RegistrationOutcome>

/** The model test's answers: the settings with terms to tick, a check that fails, an unknown field. */
export const registrationModelOutcomes = {
  ...registrationOutcomes,
  'xstate.done.actor.loadSettings': [
    { type: 'xstate.done.actor.loadSettings', output: { ok: true, settings: content } },
    { type: 'xstate.done.actor.loadSettings', output: unavailable },
  ],
  'xstate.done.actor.checkPromocode': [
    ...registrationOutcomes['xstate.done.actor.checkPromocode'],
    { type: 'xstate.done.actor.checkPromocode', output: unavailable },
  ],
  'xstate.done.actor.register': [
    ...registrationOutcomes['xstate.done.actor.register'],
    { type: 'xstate.done.actor.register', output: unknownField },
  ],
} satisfies SampleTable<RegistrationOutcome>

export const registrationEntry = defineEntry<typeof registrationMachine, RegistrationOutcome>({
  name: 'registration',
  area: 'auth',
  spec: '§4 Registration, §4 Promo code, §2.3, §5',
  description: 'Auth popup registration: the form, the per-country field list and the debounced promo check',
  machine: registrationMachine,
  input: { locale: 'en', countryCode: 'MT', currency: 'EUR', currencies: ['EUR'] },
  redact: ['password'],
  // What the guards read: whether the fields are filled (submittable), the promo text, the country,
  // and whether the account arrived. State values alone would never see a filled form.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: RegistrationContext }
    return JSON.stringify({
      value,
      email: Boolean(context.values.profile.email),
      password: context.values.password !== '',
      promo: context.values.promo_code.trim() !== '',
      country: context.values.profile.country_code,
      account: context.account !== null,
    })
  },
  events: registrationSamples,
  outcomes: registrationOutcomes,
})
