// Completing a social account: sample events and answers its model test walks, and so does the flows
// registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { failure, sampleVisitor } from '../auth.samples'
import type { AccountInfo, AuthFailure } from '../auth.types'
import { socialRegistrationMachine } from './social-registration.machine'
import type { CompleteResult, LoadCurrenciesResult, SocialRegistrationEvent } from './social-registration.types'

export const completed: AccountInfo = { ...sampleVisitor, uid: 12, login: 'ada@dev-idp.example', balance_main: { amount: '0.00', currency: 'EUR' }, is_registration_completed: true, locale: 'de' }
export const invalidParameters = (invalid: AuthFailure['invalidParameters']): AuthFailure =>
  failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: invalid })

export const socialRegistrationSamples = {
  'socialReg.currency.change': [
    { type: 'socialReg.currency.change', currency: 'USD' },
    { type: 'socialReg.currency.change', currency: '' },
  ],
  'socialReg.terms.toggle': [{ type: 'socialReg.terms.toggle' }],
  'socialReg.notify.toggle': [{ type: 'socialReg.notify.toggle' }],
  'socialReg.submit': [{ type: 'socialReg.submit' }],
  'socialReg.retry': [{ type: 'socialReg.retry' }],
  'popup.close': [{ type: 'popup.close' }],
} satisfies SampleTable<SocialRegistrationEvent>

const LOADED = doneEventType(socialRegistrationMachine, 'loadCurrencies')
const LOAD_CRASHED = errorEventType(socialRegistrationMachine, 'loadCurrencies')
const COMPLETED = doneEventType(socialRegistrationMachine, 'completeRegistration')
const COMPLETE_CRASHED = errorEventType(socialRegistrationMachine, 'completeRegistration')

export type SocialRegistrationOutcome =
  | { type: typeof LOADED; output: LoadCurrenciesResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof COMPLETED; output: CompleteResult }
  | { type: typeof COMPLETE_CRASHED; error: unknown }

export const socialRegistrationOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, currencies: ['EUR', 'USD'], defaultCurrency: 'EUR' } },
    { type: LOADED, output: { ok: false, error: invalidParameters(null) } },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [COMPLETED]: [
    { type: COMPLETED, output: { ok: true, account: completed } },
    { type: COMPLETED, output: { ok: false, error: invalidParameters({ currency: ['locked'] }) } },
    { type: COMPLETED, output: { ok: false, error: invalidParameters(null) } },
  ],
  [COMPLETE_CRASHED]: [{ type: COMPLETE_CRASHED, error: 'bug' }],
} satisfies SampleTable<SocialRegistrationOutcome>

export const socialRegistrationEntry = defineEntry<typeof socialRegistrationMachine, SocialRegistrationOutcome>({
  name: 'social-registration',
  area: 'auth',
  spec: '§2.3 socialRegistration, §4 Social login, §5 Checkbox',
  description: 'Completing a new social account: currency, terms and mailing consent, then the backUrl',
  machine: socialRegistrationMachine,
  // The submit guard reads the values: state values alone would never see the terms ticked.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { values: unknown; account: unknown } }
    return JSON.stringify({ value, values: context.values, account: context.account !== null })
  },
  events: socialRegistrationSamples,
  outcomes: socialRegistrationOutcomes,
})
