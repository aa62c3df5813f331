// The social buttons' sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { failure, sampleVisitor } from '../auth.samples'
import type { AccountInfo } from '../auth.types'
import { socialLoginMachine } from './social-login.machine'
import type { LoadSocialSettingsResult, RefreshUserResult, SocialLoginEvent } from './social-login.types'

export const player: AccountInfo = { ...sampleVisitor, uid: 9, login: 'ada@dev-idp.example', balance_main: { amount: '0.00', currency: 'USD' }, is_registration_completed: true, locale: 'es' }
export const newPlayer: AccountInfo = { ...player, uid: 10, is_registration_completed: false }
export const dev = { id: 'dev', name: 'Dev ID', icon: 'user' }
const down = failure('ApplicationUnavailableException', null)

export const socialLoginSamples = {
  'social.select': [
    { type: 'social.select', service: 'dev' },
    { type: 'social.select', service: 'myspace' },
  ],
  'social.cancel': [{ type: 'social.cancel' }],
  'social.window.result': [
    { type: 'social.window.result', result: { ok: true, created: true } },
    { type: 'social.window.result', result: { ok: false, code: 'access_denied' } },
  ],
  'social.window.closed': [{ type: 'social.window.closed' }],
  'social.window.blocked': [{ type: 'social.window.blocked' }],
  'popup.close': [{ type: 'popup.close' }],
} satisfies SampleTable<SocialLoginEvent>

const SETTINGS = doneEventType(socialLoginMachine, 'loadSettings')
const SETTINGS_CRASHED = errorEventType(socialLoginMachine, 'loadSettings')
const REFRESHED = doneEventType(socialLoginMachine, 'refreshUser')
const REFRESH_CRASHED = errorEventType(socialLoginMachine, 'refreshUser')

export type SocialLoginOutcome =
  | { type: typeof SETTINGS; output: LoadSocialSettingsResult }
  | { type: typeof SETTINGS_CRASHED; error: unknown }
  | { type: typeof REFRESHED; output: RefreshUserResult }
  | { type: typeof REFRESH_CRASHED; error: unknown }

export const socialLoginOutcomes = {
  [SETTINGS]: [
    { type: SETTINGS, output: { ok: true, settings: { services: [dev], redirect_allowlist: [] } } },
    { type: SETTINGS, output: { ok: true, settings: { services: [], redirect_allowlist: [] } } },
    { type: SETTINGS, output: { ok: false, error: down } },
  ],
  [SETTINGS_CRASHED]: [{ type: SETTINGS_CRASHED, error: 'bug' }],
  [REFRESHED]: [
    { type: REFRESHED, output: { ok: true, account: player } },
    { type: REFRESHED, output: { ok: true, account: newPlayer } },
    { type: REFRESHED, output: { ok: true, account: { ...sampleVisitor } } },
    { type: REFRESHED, output: { ok: false, error: down } },
  ],
  [REFRESH_CRASHED]: [{ type: REFRESH_CRASHED, error: 'bug' }],
} satisfies SampleTable<SocialLoginOutcome>

export const socialLoginEntry = defineEntry<typeof socialLoginMachine, SocialLoginOutcome>({
  name: 'social-login',
  area: 'auth',
  spec: '§4 Social login, §2.3, §7 Social login',
  description: 'Social buttons: the 640x480 /oauth/init window, its report or closing, the refreshed session and the backUrl',
  machine: socialLoginMachine,
  input: { typeAuth: 'login', returnTo: '/' },
  events: socialLoginSamples,
  outcomes: socialLoginOutcomes,
})
