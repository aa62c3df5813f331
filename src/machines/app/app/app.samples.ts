// Sample events of the root actor, walked by its model test and by the flows registry.
import type { GeneralInfo } from '../../../services/api/contract/metadata'
import { VISITOR, type AccountInfo } from '../../../services/api/contract/account'
import type { Locale } from '../../../shared/locales'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { appMachine } from './app.machine'
import type { AppEvent, AppInput, FetchAccountResult, LoadGeneralInfoResult, LogoutResult, SaveLocaleResult } from './app.types'

export const samplePlayer: AccountInfo = {
  ...VISITOR,
  uid: 42,
  reg_time: '2024-05-01T10:00:00Z',
  login: 'ace@example.com',
  balance_main: { amount: '125.50', currency: 'EUR' },
  locale: 'es',
}

export const visitorInput: AppInput = { account: VISITOR, locale: 'en', theme: 'dark' }

export const generalInfo: GeneralInfo = {
  analytic: null,
  available_currencies: ['EUR'],
  available_locales: ['en', 'es', 'pt', 'de'],
  default_currency: 'EUR',
  is_seon_enabled: false,
  is_bonus_isolation_enabled: false,
  domain_state: null,
  domain_type: null,
  time_to_force_logout: 600,
  is_game_history_export_enabled: false,
  user_inactivity_cashier_time: null,
  user_inactivity_pp_time: null,
}

export const promoDialog = { id: 'promo', kind: 'promo-activated' } as const

// Every event type of AppEvent needs samples, or this does not compile.
export const appSamples = {
  'session.refresh': [{ type: 'session.refresh' }],
  'session.set': [
    { type: 'session.set', account: samplePlayer },
    { type: 'session.set', account: VISITOR },
  ],
  'balance.update': [
    {
      type: 'balance.update',
      balances: { balance_main: { amount: '130.00', currency: 'EUR' }, balance_bonus: { amount: '5.00', currency: 'EUR' }, balance_betting_bonus: null },
    },
  ],
  'support.notice': [{ type: 'support.notice', unread: 1, lastId: 4 }],
  'theme.toggle': [{ type: 'theme.toggle' }],
  'theme.set': [
    { type: 'theme.set', theme: 'light' },
    { type: 'theme.set', theme: 'dark' },
    { type: 'theme.set', theme: 'neon' },
  ],
  'locale.change': [
    { type: 'locale.change', locale: 'es' },
    { type: 'locale.change', locale: 'en' },
    { type: 'locale.change', locale: 'xx' as Locale },
  ],
  'app.hydrated': [{ type: 'app.hydrated' }],
  'route.change': [{ type: 'route.change', path: '/' }],
  'balance.refresh': [{ type: 'balance.refresh' }],
  'inactivity.stay': [{ type: 'inactivity.stay' }],
  'hints.dismiss': [{ type: 'hints.dismiss' }],
  'session.logout': [{ type: 'session.logout' }],
  'session.end': [{ type: 'session.end', reason: 'inactivity' }],
  'dialog.open': [{ type: 'dialog.open', dialog: promoDialog }],
  'dialog.close': [{ type: 'dialog.close', id: 'promo' }],
  'dialog.closeTop': [{ type: 'dialog.closeTop' }],
  'dialog.confirm.answer': [{ type: 'dialog.confirm.answer', id: 'ask', answer: true }],
  'toast.show': [{ type: 'toast.show', toast: { type: 'info', message: 'Saved' } }],
  'toast.dismiss': [{ type: 'toast.dismiss', id: 'none' }],
  'toast.pause': [{ type: 'toast.pause' }],
  'toast.resume': [{ type: 'toast.resume' }],
  'menu.toggle': [{ type: 'menu.toggle', menu: 'account' }],
  'menu.close': [{ type: 'menu.close' }],
  'build.offer': [{ type: 'build.offer' }],
  'build.updateReady': [{ type: 'build.updateReady' }],
  'build.reload': [{ type: 'build.reload' }],
  'consent.acceptAll': [{ type: 'consent.acceptAll' }],
  'consent.rejectAll': [{ type: 'consent.rejectAll' }],
  'consent.save': [{ type: 'consent.save', analytics: true, marketing: false }],
  'consent.open': [{ type: 'consent.open' }],
  'consent.dismiss': [{ type: 'consent.dismiss' }],
} satisfies SampleTable<AppEvent>

const FETCH_DONE = doneEventType(appMachine, 'fetchAccount')
const FETCH_ERROR = errorEventType(appMachine, 'fetchAccount')
const SETTINGS_DONE = doneEventType(appMachine, 'loadGeneralInfo')
const SETTINGS_ERROR = errorEventType(appMachine, 'loadGeneralInfo')
const LOGOUT_DONE = doneEventType(appMachine, 'logout')
const LOGOUT_ERROR = errorEventType(appMachine, 'logout')
const LOCALE_SAVED = doneEventType(appMachine, 'saveLocale')

/** How fetchAccount, loadGeneralInfo, logout and saveLocale can end; the runtime sends these only while they run. */
export type AppOutcome =
  | { type: typeof FETCH_DONE; output: FetchAccountResult }
  | { type: typeof FETCH_ERROR; error: unknown }
  | { type: typeof SETTINGS_DONE; output: LoadGeneralInfoResult }
  | { type: typeof SETTINGS_ERROR; error: unknown }
  | { type: typeof LOGOUT_DONE; output: LogoutResult }
  | { type: typeof LOGOUT_ERROR; error: unknown }
  | { type: typeof LOCALE_SAVED; output: SaveLocaleResult }

export const appOutcomes = {
  [FETCH_DONE]: [
    { type: FETCH_DONE, output: { ok: true, account: samplePlayer } },
    { type: FETCH_DONE, output: { ok: true, account: VISITOR } },
    { type: FETCH_DONE, output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } } },
  ],
  [FETCH_ERROR]: [{ type: FETCH_ERROR, error: 'network down' }],
  [SETTINGS_DONE]: [
    { type: SETTINGS_DONE, output: { ok: true, generalInfo } },
    { type: SETTINGS_DONE, output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } } },
  ],
  [SETTINGS_ERROR]: [{ type: SETTINGS_ERROR, error: 'network down' }],
  [LOGOUT_DONE]: [
    { type: LOGOUT_DONE, output: { ok: true } },
    { type: LOGOUT_DONE, output: { ok: false, errorType: 'TypeError' } },
  ],
  [LOGOUT_ERROR]: [{ type: LOGOUT_ERROR, error: 'bug' }],
  [LOCALE_SAVED]: [
    { type: LOCALE_SAVED, output: { ok: true } },
    { type: LOCALE_SAVED, output: { ok: false } },
  ],
} satisfies SampleTable<AppOutcome>

export const appEntry = defineEntry<typeof appMachine, AppOutcome>({
  name: 'app',
  area: 'app',
  spec: '§2.2, §3 Account info, §4 Themes, §6',
  description:
    'Root actor: visitor or player session, account refresh, theme and locale; spawns dialogs, toasts and the header menus; in the browser runs the inactivity watcher, the balance refresh, the hints and the balance socket',
  machine: appMachine,
  input: { account: { ...VISITOR }, locale: 'en', theme: 'dark' },
  events: appSamples,
  outcomes: appOutcomes,
})
