// The journeys of e2e/registration.model.spec.ts, computed from the registration machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per leaf state a visitor can reach
// in the auth popup's sign-up view, and per thing the form shows differently (the mode, the
// country whose fields it shows, the errors of a refused submit).
//
// The machine starts as the page starts it: the English site's registration settings
// (content/en/registration.json: modes form, fast, social; terms; promo offered) and its default
// country. The actors' answers are an oracle of the real server on the seeded database: the field
// list of the country (server/seed/registration.ts), the promo codes, and the register call (a new
// e-mail registers, demo@example.com is taken). Each journey compares the real answer with it.
//
// To keep the graph small and the paths as a person fills a form, the player's events are allowed
// in a natural order (allow() below): a mode or a country is chosen before typing, the e-mail
// before the password, the terms last; nothing is typed while the form is a skeleton.
//
// Node-only and browser-free: the spec imports it at collection time.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { registrationMachine } from '../../src/machines/auth/registration/registration.machine'
import { selectHasPromocode, type RegistrationSnapshot } from '../../src/machines/auth/registration/registration.selectors'
import type {
  CheckPromocodeResult,
  LoadFieldsResult,
  ProfileField,
  RegisterResult,
  RegistrationEvent,
  RegistrationInput,
  RegistrationSettings,
} from '../../src/machines/auth/registration/registration.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { SEED_FIELD_LISTS, SEED_PROMO_CODES } from '../../server/seed/registration'
import { DEFAULT_FIELD_COUNTRY } from '../../server/domain/registration/field-settings'
import { defineModelPaths, leavesOfValue } from './journeys'

// ── the site ─────────────────────────────────────────────────────────────────

/** The English site's settings, as getRegistrationSettings serves them from the content system. */
export const SETTINGS = JSON.parse(readFileSync(join(import.meta.dirname, '../../content/en/registration.json'), 'utf8')) as RegistrationSettings & {
  defaultCountry: string
}

/** The input RegistrationView gives the flow on the English home page. */
export const INPUT: RegistrationInput = {
  settings: SETTINGS,
  locale: 'en',
  countryCode: SETTINGS.defaultCountry,
  currency: null,
  currencies: [],
  storedBettingPreference: null,
  redirectUrl: null,
}

/**
 * E-mail samples: `fresh` is a placeholder the gesture turns into an address unique to the run,
 * the project and the journey; `taken` is a seeded player's.
 */
export const EMAIL = { fresh: 'new.player@example.com', taken: 'demo@example.com' } as const
export const PASSWORD = 'Zq7-unusual-Pw'
export const OTHER_COUNTRY = 'BR'
export const PROMO = { valid: 'WELCOME100', invalid: 'NOPE-NOT-A-CODE' } as const

// ── the events a player causes ───────────────────────────────────────────────

/**
 * Left out, each with its reason: 'reg.notify.toggle', 'reg.betting.select' and
 * 'reg.character.select' change only what is sent, never the state (e2e/register.spec.ts sends
 * them); 'reg.social.click' starts the social login flow in a window of its own
 * (e2e/social.spec.ts); 'reg.fields.retry' needs a field list that failed to load, and
 * 'reg.settings.retry' settings that failed to load.
 */
export const PLAYER_SAMPLES = {
  'reg.mode.select': [
    { type: 'reg.mode.select', mode: 'fast' },
    { type: 'reg.mode.select', mode: 'social' },
  ],
  'reg.field.change': [
    { type: 'reg.field.change', name: 'email', value: EMAIL.fresh },
    { type: 'reg.field.change', name: 'email', value: EMAIL.taken },
    { type: 'reg.field.change', name: 'password', value: PASSWORD },
  ],
  'reg.country.change': [{ type: 'reg.country.change', countryCode: OTHER_COUNTRY }],
  'reg.fields.retry': [],
  'reg.settings.retry': [],
  'reg.promo.toggle': [{ type: 'reg.promo.toggle' }],
  'reg.promo.change': [
    { type: 'reg.promo.change', value: PROMO.valid },
    { type: 'reg.promo.change', value: PROMO.invalid },
  ],
  'reg.terms.toggle': [{ type: 'reg.terms.toggle' }],
  'reg.notify.toggle': [],
  'reg.betting.select': [],
  'reg.character.select': [],
  'reg.social.click': [],
  'reg.submit': [{ type: 'reg.submit' }],
  // The page's router lands the redirect by itself; the journey only waits for it.
  'reg.redirect.landed': [{ type: 'reg.redirect.landed' }],
} as const satisfies FixtureTable<RegistrationEvent>

// ── the events the server and the clock cause ────────────────────────────────

export const PROMO_DEBOUNCE = 'xstate.after.promoDebounce.registration.active.promo.on.debouncing'

export type RegistrationAnswer =
  | { type: 'xstate.done.actor.loadFields'; output: LoadFieldsResult }
  | { type: 'xstate.done.actor.checkPromocode'; output: CheckPromocodeResult }
  | { type: 'xstate.done.actor.register'; output: RegisterResult }
  | { type: typeof PROMO_DEBOUNCE }

export type JourneyEvent = RegistrationEvent | RegistrationAnswer

/** The country's field list as the seeded database gives it (server/domain/registration/field-settings.ts). */
export function fieldsOf(country: string): readonly ProfileField[] {
  const list = SEED_FIELD_LISTS[country] ?? SEED_FIELD_LISTS[DEFAULT_FIELD_COUNTRY]!
  return list.map((f) => ({ ...f, options: f.options ?? {} })) as readonly ProfileField[]
}

/** SPEC §4 'Promo code': a code of an active campaign, not expired and not used up (case does not matter). */
export function promoValid(code: string): boolean {
  const seed = SEED_PROMO_CODES.find((p) => p.code === code.trim().toUpperCase())
  return !!seed && seed.is_active && (seed.expires_at === null || seed.expires_at > new Date()) && seed.max_uses === null
}

const NEW_ACCOUNT = { uid: 1 } as unknown as Extract<RegisterResult, { ok: true }>['account']

/** The oracle: for the model's context, what the real server answers. */
export function serverAnswers(snapshot: RegistrationSnapshot): RegistrationAnswer[] {
  const { values } = snapshot.context
  const taken = values.profile.email === EMAIL.taken
  return [
    { type: 'xstate.done.actor.loadFields', output: { ok: true, fields: fieldsOf(values.profile.country_code ?? '') } },
    { type: 'xstate.done.actor.checkPromocode', output: { ok: true, valid: promoValid(values.promo_code) } },
    {
      type: 'xstate.done.actor.register',
      output: taken
        ? {
            ok: false,
            error: { type: 'InvalidParameterException', code: null, resendTime: null, retryAfterSec: null, invalidParameters: { email: ['taken'] }, errorData: null },
          }
        : { ok: true, account: NEW_ACCOUNT },
    },
    { type: PROMO_DEBOUNCE },
  ]
}

/** The player's events in a person's order, and none while the form is a skeleton. */
function allow(snapshot: RegistrationSnapshot, event: JourneyEvent): boolean {
  if (event.type.startsWith('xstate.')) return true
  const { context } = snapshot
  if (context.fields === null) return false
  const { email = '' } = context.values.profile
  const untouched = email === '' && !selectHasPromocode(snapshot) && !context.submitted
  const home = context.values.profile.country_code === SETTINGS.defaultCountry
  switch (event.type) {
    case 'reg.mode.select':
      return untouched && home
    case 'reg.country.change':
      return untouched && context.mode === 'form'
    case 'reg.promo.toggle':
      return email === '' && home && context.mode === 'form'
    case 'reg.promo.change':
      return context.values.promo_code === ''
    case 'reg.field.change':
      if (event.name === 'email') return email === '' && !selectHasPromocode(snapshot)
      return event.name === 'password' && email !== '' && context.values.password === ''
    case 'reg.terms.toggle':
      return context.values.password !== '' && !context.values.terms
    default:
      return true
  }
}

function serializeJourneyState(snapshot: RegistrationSnapshot): string {
  const { context } = snapshot
  return JSON.stringify({
    value: snapshot.value,
    mode: context.mode,
    email: context.values.profile.email ?? '',
    password: context.values.password !== '',
    terms: context.values.terms,
    promo: context.values.promo_code,
    country: context.values.profile.country_code,
    fields: context.fields?.map((f) => f.sysname).join(',') ?? null,
    submitted: context.submitted,
    reported: Object.keys(context.reportedErrors).sort(),
    account: context.account !== null,
  })
}

/**
 * What a journey ending here shows: each leaf, the mode other than the first, the fields of the
 * other country once loaded, the client's errors after a refused submit, and each field the
 * server refused.
 */
function targetsOf(snapshot: RegistrationSnapshot): string[] {
  const { context } = snapshot
  const targets: string[] = leavesOfValue(snapshot.value)
  if (context.mode !== SETTINGS.modes[0]) targets.push(`mode:${context.mode}`)
  if (context.values.profile.country_code !== SETTINGS.defaultCountry && snapshot.matches({ active: { fields: 'ready' } })) {
    targets.push(`country:${context.values.profile.country_code}`)
  }
  if (context.submitted && snapshot.matches({ active: { form: 'editing' } }) && Object.keys(context.reportedErrors).length === 0) targets.push('refused:client')
  for (const field of Object.keys(context.reportedErrors)) targets.push(`refused:server:${field}`)
  return targets
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: registrationJourneys } = defineModelPaths({
  machine: registrationMachine,
  // The chart's states no journey reaches, and why: printed by the spec, left out of RegistrationLeaf.
  skipped: {
    'active.promo.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    'active.promo.on.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    // The journeys start once the form shows, from the settings the page loaded (INPUT carries
    // the same ones, so the model starts where the page is then).
    'settings.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    'settings.loading': 'before the form shows: the journeys start at the form; the skeleton and the load are covered by the machine tests',
    'settings.failed':
      'needs getRegistrationSettings to fail: the real server answers every locale from the content system; the retry is covered by the machine tests',
    'active.fields.failed':
      'needs getPersonalDataFields to fail: the real server answers every country (the default list for one it does not know); the retry is covered by the machine tests',
  },
  samples: PLAYER_SAMPLES as FixtureTable<RegistrationEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  allow,
  targetsOf,
  input: () => INPUT,
})

export type RegistrationLeaf = ReturnType<typeof leavesOf>[number]
export type RegistrationJourney = ReturnType<typeof registrationJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'reg.mode.select':
      return `mode.select(${event.mode})`
    case 'reg.field.change':
      return event.name === 'password' ? 'field.change(password)' : `field.change(${event.name}:${event.value === EMAIL.fresh ? 'new' : event.value})`
    case 'reg.country.change':
      return `country.change(${event.countryCode})`
    case 'reg.promo.change':
      return `promo.change(${event.value})`
    case 'xstate.done.actor.loadFields':
      return `done.loadFields(${event.output.ok ? 'ok' : 'failed'})`
    case 'xstate.done.actor.checkPromocode':
      return `done.checkPromocode(${event.output.ok && event.output.valid ? 'valid' : 'invalid'})`
    case 'xstate.done.actor.register':
      return `done.register(${event.output.ok ? 'ok' : 'refused'})`
    case PROMO_DEBOUNCE:
      return 'after.promoDebounce'
    default:
      return event.type.replace(/^reg\./, '')
  }
}
