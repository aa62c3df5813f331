// The messenger mini-app sign-in's sample launches and answers: its model test walks them, and so
// does the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, sampleVisitor } from '../auth.samples'
import type { AccountInfo } from '../auth.types'
import { messengerMachine } from './messenger.machine'
import { MESSENGER_REDACTED_CONTEXT_KEYS, type MessengerEvent, type SignInResult } from './messenger.types'

export const SIGNATURE = 'a'.repeat(64)
const user = { id: 5000000001, first_name: 'Mini', username: 'mini_app', language_code: 'es' }
const initData = new URLSearchParams({ query_id: 'AAH1', user: JSON.stringify(user), auth_date: '1740830400', hash: SIGNATURE }).toString()
/** The hash the messenger opens the site with: tgWebAppData plus the messenger's own keys (the signature is the server's to check). */
export const launchHash = `#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android' })}`
export const expectedLaunch = { is_tg: true, id: '5000000001', hash: SIGNATURE, payload: initData, username: 'mini_app', language_code: 'es' }
export const player: AccountInfo = { ...sampleVisitor, uid: 31, login: 'tg_5000000001', locale: 'es', reg_time: '2025-03-01T12:00:00Z' }

export const invalid = fail(failure('AuthorizationException', 'messenger_auth_invalid'))
export const expired = fail(failure('AuthorizationException', 'messenger_auth_expired'))
export const banned = fail(failure('UserBannedException', 'user_banned'))

export const messengerSamples = {
  'messenger.check': [
    { type: 'messenger.check', hash: launchHash, loggedIn: false },
    { type: 'messenger.check', hash: launchHash, loggedIn: true },
    { type: 'messenger.check', hash: '', loggedIn: false },
    { type: 'messenger.check', hash: '#tgWebAppData=not-init-data', loggedIn: false },
  ],
} satisfies SampleTable<MessengerEvent>

const SIGNED_IN = doneEventType(messengerMachine, 'signIn')
const CRASHED = errorEventType(messengerMachine, 'signIn')

export type MessengerOutcome = { type: typeof SIGNED_IN; output: SignInResult } | { type: typeof CRASHED; error: unknown }

export const messengerOutcomes = {
  [SIGNED_IN]: [
    { type: SIGNED_IN, output: { ok: true, account: player } },
    { type: SIGNED_IN, output: invalid },
    { type: SIGNED_IN, output: expired },
    { type: SIGNED_IN, output: banned },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'network down' }],
} satisfies SampleTable<MessengerOutcome>

export const messengerEntry = defineEntry<typeof messengerMachine, MessengerOutcome>({
  name: 'messenger',
  area: 'auth',
  spec: '§4 Messenger mini-app, §7 register (is_tg), §8',
  description: 'Mini-app launch: a logged-out visitor with tgWebAppData in the hash is registered or logged in; failure shows an error toast',
  machine: messengerMachine,
  redact: [...MESSENGER_REDACTED_CONTEXT_KEYS, 'payload', 'hash'],
  events: messengerSamples,
  outcomes: messengerOutcomes,
})
