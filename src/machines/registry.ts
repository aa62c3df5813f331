// Every machine of src/machines, for QA and product (`npm run flows`, the /_flows page and the
// inspector). Each flow's entry lives in its `<flow>.samples.ts` (src/machines/flow-entry.ts says
// what an entry holds); registry.test.ts fails when a machine file exports a machine not listed.
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate'
import { createActor } from 'xstate'
import type { AccountInfo, LoadGeneralInfoResult } from './app/app/app.types'
import { VISITOR } from '../services/api/contract/account'
import { appMachine } from './app/app/app.machine'
import { dialogStackMachine } from './app/dialog-stack/dialog-stack.machine'
import { headerMenusMachine } from './app/header-menus/header-menus.machine'
import type { DialogRequest } from './app/dialog-stack/dialog-stack.types'
import { createToastsMachine, toastsMachine, toastTimerMachine } from './app/toasts/toasts.machine'
import { failure } from './auth/auth.samples'
import { authPopupEntry } from './auth/auth-popup/auth-popup.samples'
import { charactersEntry } from './auth/characters/characters.samples'
import { loginEntry } from './auth/login/login.samples'
import { messengerEntry } from './auth/messenger/messenger.samples'
import { registrationEntry } from './auth/registration/registration.samples'
import { resetPasswordEntry } from './auth/reset-password/reset-password.samples'
import { restoreEntry } from './auth/restore/restore.samples'
import { socialLoginEntry } from './auth/social-login/social-login.samples'
import { socialRegistrationEntry } from './auth/social-registration/social-registration.samples'
import { socialRegistrationPromptEntry } from './auth/social-registration-prompt/social-registration-prompt.samples'
import { inactivityMachine } from './session/inactivity/inactivity.machine'
import { hintsMachine } from './session/hints/hints.machine'
import type { HintFactsLoaded, HintPlayer } from './session/hints/hints.types'
import type { InactivityContext, TouchResult } from './session/inactivity/inactivity.types'
import { twoFactorSetupMachine } from './profile/two-factor-setup/two-factor-setup.machine'
import {
  TWO_FACTOR_SETUP_REDACTED_KEYS,
  type ConfirmSetupResult,
  type DisableResult,
  type StartSetupResult,
  type TwoFactorSetupContext,
} from './profile/two-factor-setup/two-factor-setup.types'
import { contactConfirmationMachine } from './profile/contact-confirmation/contact-confirmation.machine'
import {
  CONTACT_CONFIRMATION_REDACTED_KEYS,
  type ConfirmCodeResult,
  type LoadContactResult,
  type SendCodeResult,
} from './profile/contact-confirmation/contact-confirmation.types'
import { unsubscribeMachine } from './profile/unsubscribe/unsubscribe.machine'
import type { UnsubscribeResult } from './profile/unsubscribe/unsubscribe.types'
import { balanceRefreshMachine } from './cashier/balance-refresh/balance-refresh.machine'
import type { FetchBalanceResult } from './cashier/balance-refresh/balance-refresh.types'
import { sampleCard, sampleDepositSettings, sampleOffers, sampleWallet, sampleWithdrawSettings } from './cashier/deposit/deposit.fixtures'
import { paymentResultMachine } from './cashier/payment-result/payment-result.machine'
import type { LoadTransactionResult } from './cashier/payment-result/payment-result.types'
import { createWithdrawMachine, withdrawMachine } from './cashier/withdraw/withdraw.machine'
import type { LoadWithdrawSettingsResult, TokenizeCardResult, WithdrawalAnswer, WithdrawContext } from './cashier/withdraw/withdraw.types'
import { createDepositMachine, depositMachine } from './cashier/deposit/deposit.machine'
import type {
  DepositContext,
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositResult,
} from './cashier/deposit/deposit.types'
import { walletMachine } from './cashier/wallet/wallet.machine'
import type { LoadRatesResult, SetCurrencyResult } from './cashier/wallet/wallet.types'
import { historyMachine } from './cashier/history/history.machine'
import type { LoadHistoryResult } from './cashier/history/history.types'
import { receiptMachine } from './cashier/receipt/receipt.machine'
import type { LoadReceiptResult } from './cashier/receipt/receipt.types'
import { depositLimitMachine } from './responsible/deposit-limit/deposit-limit.machine'
import { depositLimitOfferMachine } from './responsible/deposit-limit-offer/deposit-limit-offer.machine'
import type { DepositLimit, SaveDepositLimitResult, LoadDepositLimitResult } from './responsible/deposit-limit/deposit-limit.types'
import { defineEntry, type MachineEntry, type SampleTable } from './flow-entry'

// ── app ──────────────────────────────────────────────────────────────────────

const visitor: AccountInfo = { ...VISITOR }
const player: AccountInfo = {
  ...visitor,
  uid: 42,
  reg_time: '2024-05-01T10:00:00Z',
  login: 'ace@example.com',
  balance_main: { amount: '125.50', currency: 'EUR' },
}

const promo = { id: 'promo', kind: 'promo-activated' } satisfies DialogRequest
const burnBonuses = {
  id: 'ask',
  kind: 'confirm',
  props: { content: 'Burn your bonuses?', textAgree: 'Continue', textReject: 'Cancel' },
} satisfies DialogRequest

type FetchAccountOutcome =
  | { type: 'xstate.done.actor.fetchAccount'; output: { ok: true; account: AccountInfo } }
  | { type: 'xstate.done.actor.fetchAccount'; output: { ok: false; error: { type: string; code: null } } }
  | { type: 'xstate.error.actor.fetchAccount'; error: unknown }
  | { type: 'xstate.done.actor.loadGeneralInfo'; output: LoadGeneralInfoResult }
  | { type: 'xstate.error.actor.loadGeneralInfo'; error: unknown }

const app = defineEntry<typeof appMachine, FetchAccountOutcome>({
  name: 'app',
  area: 'app',
  spec: '§2.2, §3 Account info, §4 Themes, §6',
  description:
    'Root actor: visitor or player session, account refresh, theme and locale; spawns dialogs, toasts and the header menus; in the browser runs the inactivity watcher, the balance refresh, the hints and the balance socket',
  machine: appMachine,
  input: { account: visitor, locale: 'en', theme: 'dark' },
  events: {
    'session.refresh': [{ type: 'session.refresh' }],
    'session.set': [
      { type: 'session.set', account: player },
      { type: 'session.set', account: visitor },
    ],
    'balance.update': [
      { type: 'balance.update', balances: { balance_main: { amount: '130.00', currency: 'EUR' }, balance_bonus: null, balance_betting_bonus: null } },
    ],
    'theme.toggle': [{ type: 'theme.toggle' }],
    'theme.set': [{ type: 'theme.set', theme: 'light' }],
    'locale.change': [{ type: 'locale.change', locale: 'es' }],
    'app.hydrated': [{ type: 'app.hydrated' }],
    'route.change': [{ type: 'route.change', path: '/cashier/wallet' }],
    'balance.refresh': [{ type: 'balance.refresh' }],
    'inactivity.stay': [{ type: 'inactivity.stay' }],
    'hints.dismiss': [{ type: 'hints.dismiss' }],
    'session.end': [{ type: 'session.end', reason: 'inactivity' }],
    'dialog.open': [{ type: 'dialog.open', dialog: promo }],
    'dialog.close': [{ type: 'dialog.close', id: 'promo' }],
    'dialog.closeTop': [{ type: 'dialog.closeTop' }],
    'dialog.confirm.answer': [{ type: 'dialog.confirm.answer', id: 'ask', answer: true }],
    'toast.show': [{ type: 'toast.show', toast: { type: 'info', message: 'Saved' } }],
    'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
    'menu.toggle': [{ type: 'menu.toggle', menu: 'account' }],
    'menu.close': [{ type: 'menu.close' }],
  },
  outcomes: {
    'xstate.done.actor.fetchAccount': [
      { type: 'xstate.done.actor.fetchAccount', output: { ok: true, account: player } },
      { type: 'xstate.done.actor.fetchAccount', output: { ok: true, account: visitor } },
      {
        type: 'xstate.done.actor.fetchAccount',
        output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } },
      },
    ],
    'xstate.error.actor.fetchAccount': [{ type: 'xstate.error.actor.fetchAccount', error: 'network down' }],
    'xstate.done.actor.loadGeneralInfo': [
      { type: 'xstate.done.actor.loadGeneralInfo', output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } } },
    ],
    'xstate.error.actor.loadGeneralInfo': [{ type: 'xstate.error.actor.loadGeneralInfo', error: 'network down' }],
  },
})

const dialogStack = defineEntry({
  name: 'dialog-stack',
  area: 'app',
  spec: '§4 Dialog stack, §2.3, §2.4',
  description: 'Open, queued and closing dialogs; locks page scroll while any is open; settles confirms',
  machine: dialogStackMachine,
  events: {
    'dialog.open': [
      { type: 'dialog.open', dialog: promo },
      { type: 'dialog.open', dialog: burnBonuses, queue: true },
    ],
    'dialog.close': [
      { type: 'dialog.close', id: 'promo' },
      { type: 'dialog.close', id: 'promo', immediate: true },
    ],
    'dialog.closeTop': [{ type: 'dialog.closeTop' }],
    'dialog.confirm.answer': [
      { type: 'dialog.confirm.answer', id: 'ask', answer: true },
      { type: 'dialog.confirm.answer', id: 'ask', answer: false },
    ],
    'app.hydrated': [{ type: 'app.hydrated' }],
  },
})

type ToastsSnapshot = { context: { toasts: readonly { id: string }[] } }

/** Toast ids 'toast-1', 'toast-2', ... so printed paths are the same on every run. */
function countingIds(): () => string {
  let n = 0
  return () => `toast-${++n}`
}

const toasts = defineEntry({
  name: 'toasts',
  area: 'app',
  spec: '§2.4, §4 Dialog stack, §9',
  description: 'Toasts on screen, each removed after its own duration (5000 ms by default) or on dismiss; held while the player reads them',
  machine: toastsMachine,
  graphMachine: () => createToastsMachine({ generateId: countingIds() }),
  events: {
    'toast.show': [{ type: 'toast.show', toast: { type: 'success', message: 'Welcome back' } }],
    'toast.dismiss': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
    'toast.expire': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.expire' as const, id: t.id })),
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
    'app.hydrated': [{ type: 'app.hydrated' }],
  },
})

type ToastTimerOutcome = { type: 'xstate.after.toastDuration.toastTimer.counting' }

const toastTimer = defineEntry<typeof toastTimerMachine, ToastTimerOutcome>({
  name: 'toast-timer',
  area: 'app',
  spec: '§4 Dialog stack, §9',
  description: "One toast's clock, spawned by toasts: counts its duration (held while paused), then tells the parent it expired",
  machine: toastTimerMachine,
  // Walked on its own it has no parent to tell, and resolving sendParent without one throws.
  graphMachine: () => toastTimerMachine.provide({ actions: { reportExpired: () => {} } }),
  input: { id: 'toast-1', duration: 5000 },
  events: {
    'toast.restartTimer': [{ type: 'toast.restartTimer' }],
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
  },
  outcomes: {
    'xstate.after.toastDuration.toastTimer.counting': [{ type: 'xstate.after.toastDuration.toastTimer.counting' }],
  },
})

const headerMenus = defineEntry({
  name: 'header-menus',
  area: 'app',
  spec: '§3 Account info (balance breakdown), DESIGN Layout (profile menu)',
  description: "The header's popovers, at most one open: the balance breakdown and the account menu",
  machine: headerMenusMachine,
  events: {
    'menu.toggle': [
      { type: 'menu.toggle', menu: 'balance' },
      { type: 'menu.toggle', menu: 'account' },
    ],
    'menu.close': [{ type: 'menu.close' }],
  },
})

// ── session ──────────────────────────────────────────────────────────────────

const IDLE_WARN = 'xstate.after.warningAfter.inactivity.watching.clock.idle'
const IDLE_TICK = 'xstate.after.tick.inactivity.watching.clock.warning.counting'
const IDLE_COOL = 'xstate.after.keepAliveEvery.inactivity.watching.server.cooling'
const IDLE_DIRTY = 'xstate.after.keepAliveEvery.inactivity.watching.server.dirty'
type InactivityOutcome =
  | { type: typeof IDLE_WARN }
  | { type: typeof IDLE_TICK }
  | { type: typeof IDLE_COOL }
  | { type: typeof IDLE_DIRTY }
  | { type: 'xstate.done.actor.touchSession'; output: TouchResult }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown }

const inactivity = defineEntry<typeof inactivityMachine, InactivityOutcome>({
  name: 'inactivity',
  area: 'session',
  spec: '§4 Automatic logout by inactivity, §3 General info, §9',
  description: 'Logs an idle player out after time_to_force_logout: warning popup with a countdown at 80 %, shared across tabs, keeps the server session in step',
  machine: inactivityMachine,
  // 10 s: a 2 s countdown, so both ticks of the warning are walked.
  input: { timeoutSec: 10, loggedIn: true },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: InactivityContext }
    return JSON.stringify({ value, on: context.loggedIn && context.timeoutMs !== null, remaining: context.remainingSec })
  },
  events: {
    'inactivity.configure': [
      { type: 'inactivity.configure', timeoutSec: 10, loggedIn: true },
      { type: 'inactivity.configure', timeoutSec: 10, loggedIn: false },
    ],
    activity: [{ type: 'activity' }],
    'activity.remote': [{ type: 'activity.remote' }],
    'logout.remote': [{ type: 'logout.remote' }],
    'inactivity.stay': [{ type: 'inactivity.stay' }],
  },
  outcomes: {
    [IDLE_WARN]: [{ type: IDLE_WARN }],
    [IDLE_TICK]: [{ type: IDLE_TICK }],
    [IDLE_COOL]: [{ type: IDLE_COOL }],
    [IDLE_DIRTY]: [{ type: IDLE_DIRTY }],
    'xstate.done.actor.touchSession': [
      { type: 'xstate.done.actor.touchSession', output: { loggedIn: true } },
      { type: 'xstate.done.actor.touchSession', output: { loggedIn: false } },
    ],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: 'network down' }],
  },
})

const HINT_WINDOW = 'xstate.after.windowCloses.hints.showing.timed'
type HintsOutcome =
  | { type: 'xstate.done.actor.loadHintFacts'; output: HintFactsLoaded }
  | { type: 'xstate.error.actor.loadHintFacts'; error: unknown }
  | { type: typeof HINT_WINDOW }

type HintsSnapshot = SnapshotFrom<typeof hintsMachine>
const newPlayer: HintPlayer = { uid: 42, regTime: '2024-05-01T10:00:00Z', login: 'ace@example.com' }
const hintsAt = (minutes: number) => Date.parse('2024-05-01T10:00:00Z') + minutes * 60_000

const hints = defineEntry<typeof hintsMachine, HintsOutcome>({
  name: 'hints',
  area: 'session',
  spec: '§4 Hints, §9',
  description: "A new player's banner: make a first deposit (2 hours), confirm the login contact (5 days); facts read again when the balance moves or a window closes; closing remembers it",
  machine: hintsMachine,
  input: { player: newPlayer },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { player: unknown; facts: HintFactsLoaded | null; balance: unknown } }
    return JSON.stringify({ value, player: context.player !== null, deposit: context.facts?.hasDeposit ?? null, dismissed: context.facts?.dismissed ?? [], balanceKnown: context.balance !== null })
  },
  events: {
    'hints.player': [
      { type: 'hints.player', player: newPlayer },
      { type: 'hints.player', player: null },
    ],
    // The first report notes the login's balance; after it, the same amount and a deposit's move.
    'hints.balance': (snapshot: HintsSnapshot) => {
      const uid = snapshot.context.player?.uid ?? newPlayer.uid
      const known = snapshot.context.balance
      if (!known) return [{ type: 'hints.balance', uid, amount: '0.00' }]
      return [
        { type: 'hints.balance', uid, amount: known.amount },
        { type: 'hints.balance', uid, amount: (Number(known.amount ?? 0) + 10).toFixed(2) },
      ]
    },
    'hints.dismiss': [{ type: 'hints.dismiss' }],
  },
  outcomes: {
    'xstate.done.actor.loadHintFacts': [
      // Ten minutes after registration, no deposit, login unconfirmed: the deposit hint, then the confirm hint.
      { type: 'xstate.done.actor.loadHintFacts', output: { checkedAt: hintsAt(10), hasDeposit: false, loginContactConfirmed: false, confirmSent: false, dismissed: [] } },
      // A week later: both windows are over, nothing to show and nothing to wait for.
      { type: 'xstate.done.actor.loadHintFacts', output: { checkedAt: hintsAt(7 * 24 * 60), hasDeposit: null, loginContactConfirmed: null, confirmSent: false, dismissed: [] } },
    ],
    'xstate.error.actor.loadHintFacts': [{ type: 'xstate.error.actor.loadHintFacts', error: 'network down' }],
    [HINT_WINDOW]: [{ type: HINT_WINDOW }],
  },
})

// ── profile ──────────────────────────────────────────────────────────────────

type TwoFactorSetupOutcome =
  | { type: 'xstate.done.actor.startSetup'; output: StartSetupResult }
  | { type: 'xstate.done.actor.confirmSetup'; output: ConfirmSetupResult }
  | { type: 'xstate.done.actor.disableTwoFactor'; output: DisableResult }
  | { type: 'xstate.done.actor.copyCodes' }
  | { type: 'xstate.error.actor.startSetup'; error: unknown }
  | { type: 'xstate.error.actor.confirmSetup'; error: unknown }
  | { type: 'xstate.error.actor.disableTwoFactor'; error: unknown }
  | { type: 'xstate.error.actor.copyCodes'; error: unknown }

type TwoFactorSetupSnapshot = { value: unknown; context: TwoFactorSetupContext }
const twoFactorFailures = {
  wrongPassword: { ok: false, error: failure('InvalidParameterException', 'wrong_password') },
  codeInvalid: { ok: false, error: failure('InvalidParameterException', 'two_factor_invalid') },
  notPending: { ok: false, error: failure('InvalidRequestException', 'two_factor_not_pending') },
  banned: { ok: false, error: failure('UserBannedException', 'user_banned') },
} as const

const twoFactorSetup = defineEntry<typeof twoFactorSetupMachine, TwoFactorSetupOutcome>({
  name: 'two-factor-setup',
  area: 'profile',
  spec: '§1 security, §5 Numeric code, §7 changeTwoFactorAuth, confirmTwoFactorAuth, §8',
  description: 'Profile security: turn two-factor on (password, secret, code, recovery codes shown once) or off (a code)',
  machine: twoFactorSetupMachine,
  input: { enabled: false },
  redact: [...TWO_FACTOR_SETUP_REDACTED_KEYS, 'value'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as TwoFactorSetupSnapshot
    return JSON.stringify({ value, enabled: context.enabled, password: context.password !== '', code: context.code !== '' })
  },
  events: {
    'twofa.enable': [{ type: 'twofa.enable' }],
    'twofa.cancel': [{ type: 'twofa.cancel' }],
    'twofa.password.change': [{ type: 'twofa.password.change', value: 'sample-password' }],
    'twofa.password.submit': [{ type: 'twofa.password.submit' }],
    'twofa.code.change': [{ type: 'twofa.code.change', code: '123456' }],
    'twofa.confirm': [{ type: 'twofa.confirm' }],
    'twofa.codes.copy': [{ type: 'twofa.codes.copy' }],
    'twofa.codes.done': [{ type: 'twofa.codes.done' }],
    'twofa.disable': [{ type: 'twofa.disable' }],
    'twofa.disable.submit': [{ type: 'twofa.disable.submit' }],
  },
  outcomes: {
    'xstate.done.actor.startSetup': [
      { type: 'xstate.done.actor.startSetup', output: { ok: true, pending: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } } },
      { type: 'xstate.done.actor.startSetup', output: twoFactorFailures.wrongPassword },
    ],
    'xstate.done.actor.confirmSetup': [
      { type: 'xstate.done.actor.confirmSetup', output: { ok: true, recoveryCodes: ['ABCD-EFGH-JKLM-NPQR'] } },
      { type: 'xstate.done.actor.confirmSetup', output: twoFactorFailures.codeInvalid },
      { type: 'xstate.done.actor.confirmSetup', output: twoFactorFailures.notPending },
    ],
    'xstate.done.actor.disableTwoFactor': [
      { type: 'xstate.done.actor.disableTwoFactor', output: { ok: true } },
      { type: 'xstate.done.actor.disableTwoFactor', output: twoFactorFailures.banned },
    ],
    'xstate.done.actor.copyCodes': [{ type: 'xstate.done.actor.copyCodes' }],
    'xstate.error.actor.startSetup': [{ type: 'xstate.error.actor.startSetup', error: 'network down' }],
    'xstate.error.actor.confirmSetup': [{ type: 'xstate.error.actor.confirmSetup', error: 'network down' }],
    'xstate.error.actor.disableTwoFactor': [{ type: 'xstate.error.actor.disableTwoFactor', error: 'network down' }],
    'xstate.error.actor.copyCodes': [{ type: 'xstate.error.actor.copyCodes', error: 'clipboard refused' }],
  },
})

const CONFIRMATION_TICK = 'xstate.after.resendTick.contactConfirmation.ready.timer.counting'
type ContactConfirmationOutcome =
  | { type: 'xstate.done.actor.loadContact'; output: LoadContactResult }
  | { type: 'xstate.error.actor.loadContact'; error: unknown }
  | { type: 'xstate.done.actor.sendCode'; output: SendCodeResult }
  | { type: 'xstate.error.actor.sendCode'; error: unknown }
  | { type: 'xstate.done.actor.confirmCode'; output: ConfirmCodeResult }
  | { type: 'xstate.error.actor.confirmCode'; error: unknown }
  | { type: typeof CONFIRMATION_TICK }

const contactConfirmation = defineEntry<typeof contactConfirmationMachine, ContactConfirmationOutcome>({
  name: 'contact-confirmation',
  area: 'profile',
  spec: '§2.1 /confirmation, §5 Email, Numeric code, §7 sendconfirmationtocontact, confirmContact, §8 UserNeedConfirmContact',
  description: 'Confirm the e-mail with the mailed code, typed or from the link; ask for a new code after the resend countdown',
  machine: contactConfirmationMachine,
  input: { loggedIn: true },
  otherInputs: [{ loggedIn: false }],
  redact: [...CONTACT_CONFIRMATION_REDACTED_KEYS, 'value'],
  events: {
    'confirmation.field.change': [
      { type: 'confirmation.field.change', name: 'contact', value: 'ada@example.com' },
      { type: 'confirmation.field.change', name: 'code', value: '123456' },
      { type: 'confirmation.field.change', name: 'code', value: '12' },
    ],
    'confirmation.submit': [{ type: 'confirmation.submit' }],
    'confirmation.send': [{ type: 'confirmation.send' }],
    'confirmation.link': [{ type: 'confirmation.link', contact: 'ada@example.com', code: '654321' }],
  },
  outcomes: {
    'xstate.done.actor.loadContact': [
      { type: 'xstate.done.actor.loadContact', output: { ok: true, email: 'ada@example.com', confirmed: false } },
      { type: 'xstate.done.actor.loadContact', output: { ok: true, email: 'ada@example.com', confirmed: true } },
    ],
    'xstate.error.actor.loadContact': [{ type: 'xstate.error.actor.loadContact', error: 'network down' }],
    'xstate.done.actor.sendCode': [
      // resend_time 1 s: one tick of the countdown reaches `idle`, so both timer states are walked.
      { type: 'xstate.done.actor.sendCode', output: { ok: true, contact: 'ada@example.com', resendTime: 1 } },
      { type: 'xstate.done.actor.sendCode', output: { ok: false, error: failure('InvalidRequestException', 'contact_already_confirmed') } },
    ],
    'xstate.error.actor.sendCode': [{ type: 'xstate.error.actor.sendCode', error: 'network down' }],
    'xstate.done.actor.confirmCode': [
      { type: 'xstate.done.actor.confirmCode', output: { ok: true } },
      { type: 'xstate.done.actor.confirmCode', output: { ok: false, error: { ...failure('InvalidParameterException', 'invalid_parameters'), invalidParameters: { code: ['invalid'] } } } },
    ],
    'xstate.error.actor.confirmCode': [{ type: 'xstate.error.actor.confirmCode', error: 'network down' }],
    [CONFIRMATION_TICK]: [{ type: CONFIRMATION_TICK }],
  },
})

const unsubscribe = defineEntry<typeof unsubscribeMachine, { type: 'xstate.done.actor.unsubscribe'; output: UnsubscribeResult } | { type: 'xstate.error.actor.unsubscribe'; error: unknown }>({
  name: 'unsubscribe',
  area: 'profile',
  spec: '§2.1 /unsubscribe, §2.5 unsubscribe page, §3 mailing consent, §7 unsubscribe',
  description: "Leave a mailing list with the mail's signed link: checked by the server, idempotent; no or a bad link changes nothing",
  machine: unsubscribeMachine,
  input: { token: '1a.marketing.c2lnbmF0dXJl' },
  otherInputs: [{ token: null }],
  redact: ['token'],
  events: {
    'unsubscribe.retry': [{ type: 'unsubscribe.retry' }],
  },
  outcomes: {
    'xstate.done.actor.unsubscribe': [
      { type: 'xstate.done.actor.unsubscribe', output: { ok: true, list: 'marketing' } },
      { type: 'xstate.done.actor.unsubscribe', output: { ok: false, error: { ...failure('InvalidParameterException', 'unsubscribe_token_invalid'), invalidParameters: { token: ['invalid'] } } } },
      { type: 'xstate.done.actor.unsubscribe', output: { ok: false, error: failure('ApplicationUnavailableException', null) } },
    ],
    'xstate.error.actor.unsubscribe': [{ type: 'xstate.error.actor.unsubscribe', error: 'network down' }],
  },
})

// ── cashier ──────────────────────────────────────────────────────────────────

/** A daily limit of 100 € with 60 € left. */
const dailyLimit: DepositLimit = {
  available_amount: { amount: '60.00', currency: 'EUR' },
  can_edit: true,
  expired_at: '2024-05-02T10:00:00Z',
  limit_amount: { amount: '100.00', currency: 'EUR' },
  period: 1,
  scheduled: null,
}

const cashierUnavailable = {
  ok: false,
  error: { type: 'BillingUnavailableException', code: null, invalidParameters: null, errorData: null },
} as const

type BalanceRefreshOutcome =
  | { type: 'xstate.done.actor.fetchBalance'; output: FetchBalanceResult }
  | { type: 'xstate.error.actor.fetchBalance'; error: unknown }
  | { type: 'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting' }
  | { type: 'xstate.after.turnOff.balanceRefresh.active.poll.on' }
  | { type: 'xstate.after.clickDelay.balanceRefresh.active.click.throttled' }

const balanceRefresh = defineEntry<typeof balanceRefreshMachine, BalanceRefreshOutcome>({
  name: 'balance-refresh',
  area: 'cashier',
  spec: '§4 Balance refresh, §3 settingsForUpdBalance, §9',
  description: 'Live balance: interval polling, a throttled refresh per click, turned off after minutes without a click, paused on game pages',
  machine: balanceRefreshMachine,
  input: {
    settings: { isEnabledInterval: true, isEnabledRequestsAfterClick: true, isEnabledTurnOffRequests: true },
    path: '/cashier/deposit',
    loggedIn: true,
  },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { loggedIn: boolean; path: string; balances: unknown } }
    return JSON.stringify({ value, loggedIn: context.loggedIn, game: context.path.includes('/game/'), balances: context.balances !== null })
  },
  events: {
    'balance.click': [{ type: 'balance.click' }],
    'balance.refresh': [{ type: 'balance.refresh' }],
    'route.change': [
      { type: 'route.change', path: '/gamehall' },
      { type: 'route.change', path: '/game/book-of-dead' },
    ],
    'session.change': [
      { type: 'session.change', loggedIn: false },
      { type: 'session.change', loggedIn: true },
    ],
    'settings.update': [{ type: 'settings.update', settings: {} }],
  },
  outcomes: {
    'xstate.done.actor.fetchBalance': [
      {
        type: 'xstate.done.actor.fetchBalance',
        output: { ok: true, balances: { balance_main: player.balance_main, balance_bonus: null, balance_betting_bonus: null } },
      },
      { type: 'xstate.done.actor.fetchBalance', output: cashierUnavailable },
    ],
    'xstate.error.actor.fetchBalance': [{ type: 'xstate.error.actor.fetchBalance', error: 'network down' }],
    'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting': [{ type: 'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting' }],
    'xstate.after.turnOff.balanceRefresh.active.poll.on': [{ type: 'xstate.after.turnOff.balanceRefresh.active.poll.on' }],
    'xstate.after.clickDelay.balanceRefresh.active.click.throttled': [{ type: 'xstate.after.clickDelay.balanceRefresh.active.click.throttled' }],
  },
})

type DepositOutcome =
  | { type: 'xstate.done.actor.loadDepositSettings'; output: LoadDepositSettingsResult }
  | { type: 'xstate.error.actor.loadDepositSettings'; error: unknown }
  | { type: 'xstate.done.actor.loadDepositMethods'; output: LoadDepositMethodsResult }
  | { type: 'xstate.error.actor.loadDepositMethods'; error: unknown }
  | { type: 'xstate.done.actor.loadDepositOffers'; output: LoadDepositOffersResult }
  | { type: 'xstate.error.actor.loadDepositOffers'; error: unknown }
  | { type: 'xstate.done.actor.makeDeposit'; output: MakeDepositResult }
  | { type: 'xstate.error.actor.makeDeposit'; error: unknown }

const depositResult = (status: 'success' | 'pending' | 'failed' | 'cancelled' | 'redirect' | 'newwindow' | 'mobile'): MakeDepositResult => ({
  ok: true,
  result: {
    status,
    transaction_id: `tx_${status}`,
    redirect_url: status === 'redirect' || status === 'newwindow' ? 'https://sandbox.pay.example/hosted/1' : null,
    mobile: status === 'mobile' ? { deep_link: 'sandboxbank://pay/1', qr: null, instructions: 'Open your bank app' } : null,
    balance: null,
    failure_code: null,
  },
})

/** Keys 'attempt-0001-...' so printed paths are the same on every run. */
function countingKeys(): () => string {
  let n = 0
  return () => `attempt-${String(++n).padStart(4, '0')}-0123456789`
}

const deposit = defineEntry<typeof depositMachine, DepositOutcome>({
  name: 'deposit',
  area: 'cashier',
  spec: '§2.1 deposit, §3 Deposit values / amounts / limit / offer, §4 cashier loading flags, §5 Sum, §8',
  description: 'Cashier deposit: methods, presets, offers, requisites, one idempotent makedeposit per attempt, then the result page or the provider',
  machine: depositMachine,
  graphMachine: () => createDepositMachine({ generateKey: countingKeys() }),
  input: { preselect: null, returnUrl: '/cashier' },
  // What the guards read: the loaded parts, the method, the amount, the offer, the key.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: DepositContext }
    return JSON.stringify({
      value,
      loaded: [context.settings !== null, context.methods.length, context.offers.length],
      method: context.method,
      amount: context.amount,
      offerId: context.offerId,
      requisites: context.requisites,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: {
    'deposit.method.select': [{ type: 'deposit.method.select', sysname: 'sandbox_card' }],
    'deposit.method.clear': [{ type: 'deposit.method.clear' }],
    'deposit.amount.change': [{ type: 'deposit.amount.change', value: '200' }],
    'deposit.amount.preset': [{ type: 'deposit.amount.preset', amount: '100' }],
    'deposit.offer.select': [{ type: 'deposit.offer.select', id: 11 }],
    'deposit.requisite.change': [{ type: 'deposit.requisite.change', name: 'card_number', value: 'new' }],
    'deposit.submit': [{ type: 'deposit.submit' }],
    'deposit.retry': [{ type: 'deposit.retry' }],
    'deposit.limit.set': [{ type: 'deposit.limit.set', limit: dailyLimit }],
  },
  outcomes: {
    'xstate.done.actor.loadDepositSettings': [
      { type: 'xstate.done.actor.loadDepositSettings', output: { ok: true, settings: sampleDepositSettings } },
      { type: 'xstate.done.actor.loadDepositSettings', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadDepositSettings': [{ type: 'xstate.error.actor.loadDepositSettings', error: 'network down' }],
    'xstate.done.actor.loadDepositMethods': [
      { type: 'xstate.done.actor.loadDepositMethods', output: { ok: true, methods: [sampleCard, sampleWallet] } },
    ],
    'xstate.error.actor.loadDepositMethods': [{ type: 'xstate.error.actor.loadDepositMethods', error: 'network down' }],
    'xstate.done.actor.loadDepositOffers': [{ type: 'xstate.done.actor.loadDepositOffers', output: { ok: true, offers: sampleOffers } }],
    'xstate.error.actor.loadDepositOffers': [{ type: 'xstate.error.actor.loadDepositOffers', error: 'network down' }],
    'xstate.done.actor.makeDeposit': [
      ...(['success', 'pending', 'failed', 'cancelled', 'redirect', 'newwindow', 'mobile'] as const).map((status) => ({
        type: 'xstate.done.actor.makeDeposit' as const,
        output: depositResult(status),
      })),
      {
        type: 'xstate.done.actor.makeDeposit',
        output: {
          ok: false,
          error: {
            type: 'BillingDepositLimitExceededException',
            code: 'deposit_limit_exceeded',
            invalidParameters: null,
            errorData: { available_amount: { amount: '20.00', currency: 'EUR' }, expired_at: null },
          },
        },
      },
      {
        type: 'xstate.done.actor.makeDeposit',
        output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_requisites', invalidParameters: { card_number: ['cardNumber'] }, errorData: null } },
      },
      { type: 'xstate.done.actor.makeDeposit', output: cashierUnavailable },
    ],
    'xstate.error.actor.makeDeposit': [{ type: 'xstate.error.actor.makeDeposit', error: 'network down' }],
  },
})

type WithdrawOutcome =
  | { type: 'xstate.done.actor.loadWithdrawSettings'; output: LoadWithdrawSettingsResult }
  | { type: 'xstate.error.actor.loadWithdrawSettings'; error: unknown }
  | { type: 'xstate.done.actor.tokenizeCard'; output: TokenizeCardResult }
  | { type: 'xstate.error.actor.tokenizeCard'; error: unknown }
  | { type: 'xstate.done.actor.makeWithdrawal'; output: WithdrawalAnswer }
  | { type: 'xstate.error.actor.makeWithdrawal'; error: unknown }
  | { type: 'xstate.done.actor.cancelWithdrawal'; output: WithdrawalAnswer }
  | { type: 'xstate.error.actor.cancelWithdrawal'; error: unknown }

const sampleWithdrawal = (id: string, status: 'pending' | 'cancelled') => ({
  id,
  status,
  amount: { amount: '50.00', currency: 'EUR' },
  method: { sysname: 'sandbox_bank', name: 'Bank transfer' },
  requisite: 'DE89 ···· 3000',
  created_at: '2024-05-02T10:00:00Z',
  can_cancel: status === 'pending',
})

const withdraw = defineEntry<typeof withdrawMachine, WithdrawOutcome>({
  name: 'withdraw',
  area: 'cashier',
  spec: '§2.1 withdraw, §7 Cashier, §4 loading flag withdraw, §5 Sum / IBAN, §8 withdrawal errors and button settings',
  description:
    'Cashier withdrawal: method, requisites (IBAN, crypto address, a saved card or a new one through the provider card fields), amount within the balance, the reserve, KYC / confirm-contact / limit refusals, cancel a pending one',
  machine: withdrawMachine,
  // The number of a new card: it goes to the provider's card fields only.
  redact: ['pan'],
  // Each method's own field only, and a method chosen from none: the bank and the new card both stay
  // reachable without the graph multiplying every requisite by every method.
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as WithdrawContext
    if (event.type === 'withdraw.pan.change') return context.method === 'sandbox_card' && context.pan === ''
    if (event.type === 'withdraw.requisite.change') return context.method === 'sandbox_bank'
    if (event.type === 'withdraw.method.select') return context.method === null
    // 'Everything' follows the withdrawable amount, which each request lowers: one method tries it.
    if (event.type === 'withdraw.amount.max') return context.method !== 'sandbox_card'
    return true
  },
  graphMachine: () => createWithdrawMachine({ generateKey: countingKeys() }),
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: WithdrawContext }
    return JSON.stringify({
      value,
      method: context.method,
      amount: context.amount,
      requisites: context.requisites,
      pan: context.pan !== '',
      vaulted: context.vaulted !== null,
      pending: context.settings?.pending.length ?? 0,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: {
    'withdraw.method.select': [
      { type: 'withdraw.method.select', sysname: 'sandbox_bank' },
      { type: 'withdraw.method.select', sysname: 'sandbox_card' },
    ],
    'withdraw.method.clear': [{ type: 'withdraw.method.clear' }],
    'withdraw.amount.change': [{ type: 'withdraw.amount.change', value: '50' }],
    'withdraw.amount.max': [{ type: 'withdraw.amount.max' }],
    'withdraw.requisite.change': [{ type: 'withdraw.requisite.change', name: 'iban', value: 'DE89370400440532013000' }],
    'withdraw.pan.change': [{ type: 'withdraw.pan.change', pan: '4242 4242 4242 4242' }],
    'withdraw.submit': [{ type: 'withdraw.submit' }],
    'withdraw.new': [{ type: 'withdraw.new' }],
    'withdraw.cancel': [{ type: 'withdraw.cancel', id: 'wd_1' }],
    'withdraw.retry': [{ type: 'withdraw.retry' }],
  },
  outcomes: {
    'xstate.done.actor.loadWithdrawSettings': [
      { type: 'xstate.done.actor.loadWithdrawSettings', output: { ok: true, settings: sampleWithdrawSettings } },
      { type: 'xstate.done.actor.loadWithdrawSettings', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadWithdrawSettings': [{ type: 'xstate.error.actor.loadWithdrawSettings', error: 'network down' }],
    'xstate.done.actor.tokenizeCard': [
      { type: 'xstate.done.actor.tokenizeCard', output: { ok: true, card: { token: 'sbcard_sample.0123456789abcdefghijkl', masked: '424242...4242', brand: 'Visa' } } },
      { type: 'xstate.done.actor.tokenizeCard', output: { ok: false, reason: 'refused', messageId: 'cardNumber' } },
    ],
    'xstate.error.actor.tokenizeCard': [{ type: 'xstate.error.actor.tokenizeCard', error: 'network down' }],
    'xstate.done.actor.makeWithdrawal': [
      { type: 'xstate.done.actor.makeWithdrawal', output: { ok: true, withdrawal: sampleWithdrawal('wd_2', 'pending'), balance: { amount: '70.00', currency: 'EUR' } } },
      {
        type: 'xstate.done.actor.makeWithdrawal',
        output: { ok: false, error: { type: 'KycWithdrawalException', code: 'kyc_required', invalidParameters: null, errorData: null } },
      },
      {
        type: 'xstate.done.actor.makeWithdrawal',
        output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_requisites', invalidParameters: { iban: ['iban'] }, errorData: null } },
      },
    ],
    'xstate.error.actor.makeWithdrawal': [{ type: 'xstate.error.actor.makeWithdrawal', error: 'network down' }],
    'xstate.done.actor.cancelWithdrawal': [
      { type: 'xstate.done.actor.cancelWithdrawal', output: { ok: true, withdrawal: sampleWithdrawal('wd_1', 'cancelled'), balance: { amount: '120.00', currency: 'EUR' } } },
      { type: 'xstate.done.actor.cancelWithdrawal', output: cashierUnavailable },
    ],
    'xstate.error.actor.cancelWithdrawal': [{ type: 'xstate.error.actor.cancelWithdrawal', error: 'network down' }],
  },
})

type PaymentResultOutcome =
  | { type: 'xstate.done.actor.loadTransaction'; output: LoadTransactionResult }
  | { type: 'xstate.error.actor.loadTransaction'; error: unknown }
  | { type: 'xstate.after.pollInterval.paymentResult.waiting' }

const sampleTransaction = (status: 'pending' | 'success' | 'failed') => ({
  ok: true as const,
  transaction: {
    id: 'tx_1',
    type: 'deposit' as const,
    status,
    amount: { amount: '50.00', currency: 'EUR' },
    fee: { amount: '0.00', currency: 'EUR' },
    method: { sysname: 'sandbox_card', name: 'Card', kind: 'card' as const },
    requisite: '411111...1111',
    campaign_offer_id: null,
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:00:00Z',
    completed_at: null,
    failure_code: null,
    redirect_url: null,
  },
})

const paymentResult = defineEntry<typeof paymentResultMachine, PaymentResultOutcome>({
  name: 'payment-result',
  area: 'cashier',
  spec: '§2.1 pay* pages with {transaction}, §2.5, §4 Payment result pages, loading flag receipt',
  description: 'A payment result page reading the real transaction: polls a pending one until it settles (capped), then follows its outcome',
  machine: paymentResultMachine,
  // One read before giving up, so the sample walk reaches 'gaveUp'.
  input: { page: 'paypending', transactionId: 'tx_1', maxAttempts: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { attempts: number } }
    return JSON.stringify({ value, attempts: context.attempts })
  },
  events: { 'payment.retry': [{ type: 'payment.retry' }] },
  outcomes: {
    'xstate.done.actor.loadTransaction': [
      { type: 'xstate.done.actor.loadTransaction', output: sampleTransaction('pending') },
      { type: 'xstate.done.actor.loadTransaction', output: sampleTransaction('success') },
      {
        type: 'xstate.done.actor.loadTransaction',
        output: { ok: false, error: { type: 'MethodNotFoundException', code: 'transaction_not_found', invalidParameters: null, errorData: null } },
      },
      { type: 'xstate.done.actor.loadTransaction', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadTransaction': [{ type: 'xstate.error.actor.loadTransaction', error: 'network down' }],
    'xstate.after.pollInterval.paymentResult.waiting': [{ type: 'xstate.after.pollInterval.paymentResult.waiting' }],
  },
})

// ── wallet, history, receipt ─────────────────────────────────────────────────

type WalletOutcome =
  | { type: 'xstate.done.actor.loadRates'; output: LoadRatesResult }
  | { type: 'xstate.error.actor.loadRates'; error: unknown }
  | { type: 'xstate.done.actor.setCurrency'; output: SetCurrencyResult }
  | { type: 'xstate.error.actor.setCurrency'; error: unknown }

const zeroEur = { amount: '0.00', currency: 'EUR' }

const wallet = defineEntry<typeof walletMachine, WalletOutcome>({
  name: 'wallet',
  area: 'cashier',
  spec: '§2.1 cashier/wallet, §3 Account info, §7 Account getcurrencyrates and setCurrency',
  description: 'The wallet page: reads the currency rates (balances come live from the root actor), and changes the currency after a confirmation, explaining a refusal',
  machine: walletMachine,
  input: { currency: 'USD' },
  events: {
    'wallet.retry': [{ type: 'wallet.retry' }],
    'currency.choose': [{ type: 'currency.choose', currency: 'EUR' }],
    'currency.confirm': [{ type: 'currency.confirm' }],
    'currency.cancel': [{ type: 'currency.cancel' }],
    'account.sync': [{ type: 'account.sync', currency: 'USD' }],
  },
  outcomes: {
    'xstate.done.actor.loadRates': [
      {
        type: 'xstate.done.actor.loadRates',
        output: { ok: true, rates: { base: 'USD', rates: [{ currency: 'EUR', exponent: 2, rate: '0.92' }, { currency: 'USD', exponent: 2, rate: '1' }] } },
      },
      { type: 'xstate.done.actor.loadRates', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadRates': [{ type: 'xstate.error.actor.loadRates', error: 'network down' }],
    'xstate.done.actor.setCurrency': [
      { type: 'xstate.done.actor.setCurrency', output: { ok: true, balances: { balance_main: zeroEur, balance_bonus: zeroEur, balance_betting_bonus: null, balance_fun: zeroEur } } },
      {
        type: 'xstate.done.actor.setCurrency',
        output: { ok: false, error: { type: 'InvalidRequestException', code: 'currency_locked_by_deposit_limit', invalidParameters: null, errorData: null } },
      },
    ],
    'xstate.error.actor.setCurrency': [{ type: 'xstate.error.actor.setCurrency', error: 'network down' }],
  },
})

type HistoryOutcome = { type: 'xstate.done.actor.loadHistory'; output: LoadHistoryResult } | { type: 'xstate.error.actor.loadHistory'; error: unknown }

const historyRow = (n: number) => ({
  id: `tx_${n}`,
  type: 'deposit' as const,
  status: 'success' as const,
  amount: { amount: '10.00', currency: 'EUR' },
  created_at: '2026-11-22T10:00:00Z',
  method: { sysname: 'card', name: 'Card' },
  title: null,
})

const history = defineEntry<typeof historyMachine, HistoryOutcome>({
  name: 'history',
  area: 'cashier',
  spec: '§2.1 cashier/history, §7 Cashier gethistory (offset, count, type), §4 loading flag history; issue 4 filters and 12 months',
  description: 'The transaction history: type and date filters, paging by offset, the query kept in the address; loading, empty, refused range and failure states',
  machine: historyMachine,
  input: { query: { type: null, dateFrom: null, dateTo: null, offset: 0 }, pageSize: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { query: unknown; page: { offset: number } | null } }
    return JSON.stringify({ value, query: context.query, page: context.page?.offset ?? null })
  },
  events: {
    'history.type.change': [{ type: 'history.type.change', value: 'deposit' }],
    'history.date.change': [
      { type: 'history.date.change', field: 'dateFrom', value: '01.02.2026' },
      { type: 'history.date.change', field: 'dateTo', value: '01.01.2026' },
      { type: 'history.date.change', field: 'dateFrom', value: '02/01/2026' },
    ],
    'history.filter': [{ type: 'history.filter' }],
    'history.next': [{ type: 'history.next' }],
    'history.prev': [{ type: 'history.prev' }],
    'history.locate': [{ type: 'history.locate', query: { type: null, dateFrom: null, dateTo: null, offset: 0 } }],
    'history.retry': [{ type: 'history.retry' }],
  },
  outcomes: {
    // Two rows in all, one per page: the walk reaches the second page and comes back.
    'xstate.done.actor.loadHistory': (snapshot: AnyMachineSnapshot) => {
      const offset = (snapshot.context as { query: { offset: number } }).query.offset
      return [
        { type: 'xstate.done.actor.loadHistory', output: { ok: true, page: { items: offset < 2 ? [historyRow(offset)] : [], total: 2, offset } } },
        { type: 'xstate.done.actor.loadHistory', output: { ok: true, page: { items: [], total: 0, offset } } },
        {
          type: 'xstate.done.actor.loadHistory',
          output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_date_range', invalidParameters: null, errorData: null } },
        },
        { type: 'xstate.done.actor.loadHistory', output: cashierUnavailable },
      ]
    },
    'xstate.error.actor.loadHistory': [{ type: 'xstate.error.actor.loadHistory', error: 'network down' }],
  },
})

type ReceiptOutcome = { type: 'xstate.done.actor.loadReceipt'; output: LoadReceiptResult } | { type: 'xstate.error.actor.loadReceipt'; error: unknown }

const receipt = defineEntry<typeof receiptMachine, ReceiptOutcome>({
  name: 'receipt',
  area: 'cashier',
  spec: '§2.1 cashier/receipt, §3 Payment pages keyed by a transaction id, §4 loading flag receipt',
  description: 'The receipt of one transaction from the history: read once, not found for an impossible or foreign id, retry after a failure',
  machine: receiptMachine,
  input: { id: 'tx_1' },
  events: { 'receipt.retry': [{ type: 'receipt.retry' }] },
  outcomes: {
    'xstate.done.actor.loadReceipt': [
      { type: 'xstate.done.actor.loadReceipt', output: sampleTransaction('success') },
      {
        type: 'xstate.done.actor.loadReceipt',
        output: { ok: false, error: { type: 'MethodNotFoundException', code: 'transaction_not_found', invalidParameters: null, errorData: null } },
      },
      { type: 'xstate.done.actor.loadReceipt', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadReceipt': [{ type: 'xstate.error.actor.loadReceipt', error: 'network down' }],
  },
})

// ── responsible gaming ───────────────────────────────────────────────────────

type DepositLimitOutcome =
  | { type: 'xstate.done.actor.loadDepositLimit'; output: LoadDepositLimitResult }
  | { type: 'xstate.error.actor.loadDepositLimit'; error: unknown }
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }
  | { type: 'xstate.error.actor.saveDepositLimit'; error: unknown }

/** Limits per period as the server lists them (SPEC §3, issue 4: several at once, the lowest binding). */
type LimitRowSample = NonNullable<DepositLimit['limits']>[number]
const eur = (amount: string) => ({ amount, currency: 'EUR' })
const dailyRow: LimitRowSample = { period: 1, limit_amount: eur('100.00'), available_amount: eur('60.00'), used_amount: eur('40.00'), can_edit: true, expired_at: '2024-05-02T10:00:00Z', scheduled: null }
const monthlyRow: LimitRowSample = { period: 30, limit_amount: eur('500.00'), available_amount: eur('460.00'), used_amount: eur('40.00'), can_edit: true, expired_at: '2024-05-31T10:00:00Z', scheduled: null }
/** A daily 100 whose raise to 200 waits, beside a monthly 500: the daily one binds. */
const raisedLimit: DepositLimit = {
  ...dailyLimit,
  scheduled: { period: 1, limit_amount: eur('200.00'), effective_at: '2024-05-02T10:00:00Z' },
  limits: [{ ...dailyRow, scheduled: { period: 1, limit_amount: eur('200.00'), effective_at: '2024-05-02T10:00:00Z' } }, monthlyRow],
}
/** The monthly limit on its way out beside the daily one. */
const monthlyRemoving: DepositLimit = { ...dailyLimit, limits: [dailyRow, { ...monthlyRow, scheduled: { period: 'none', limit_amount: null, effective_at: '2024-05-02T10:00:00Z' } }] }
const noLimit: DepositLimit = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null, limits: [] }
const limitLocked = { ok: false, error: { type: 'InvalidParameterException', code: 'deposit_limit_locked', invalidParameters: null, errorData: null } } as const

const depositLimit = defineEntry<typeof depositLimitMachine, DepositLimitOutcome>({
  name: 'deposit-limit',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods, issue 4 (one limit per period at once, the lowest applying; set at any time, lowered at once, raised or removed after 24 h)',
  description:
    'Responsible-gaming page: every period\'s deposit limit with what is left, add one for another period, lower it at once, raise or remove it after the cooling-off, withdraw a pending change',
  machine: depositLimitMachine,
  input: { currency: 'EUR' },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as {
      value: unknown
      context: { limit: DepositLimit | null; period: number; amount: string; outcome: string | null; alert: { messageId: string } | null }
    }
    const limits = context.limit?.limits?.map((l) => `${l.period}:${l.scheduled ? l.scheduled.period : '-'}`) ?? null
    return JSON.stringify({ value, limits, period: context.period, amount: context.amount, outcome: context.outcome, alert: context.alert?.messageId ?? null })
  },
  events: {
    'limit.period.change': [
      { type: 'limit.period.change', period: 7 },
      { type: 'limit.period.change', period: 30 },
    ],
    'limit.amount.change': [{ type: 'limit.amount.change', value: '50' }],
    'limit.submit': [{ type: 'limit.submit' }],
    'limit.remove': [{ type: 'limit.remove', period: 30 }],
    'limit.keep': [{ type: 'limit.keep', period: 1 }],
    'limit.retry': [{ type: 'limit.retry' }],
  },
  outcomes: {
    'xstate.done.actor.loadDepositLimit': [
      { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: noLimit } },
      { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: raisedLimit } },
      { type: 'xstate.done.actor.loadDepositLimit', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadDepositLimit': [{ type: 'xstate.error.actor.loadDepositLimit', error: 'network down' }],
    'xstate.done.actor.saveDepositLimit': [
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: { ...dailyLimit, limits: [dailyRow] } } },
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: monthlyRemoving } },
      { type: 'xstate.done.actor.saveDepositLimit', output: limitLocked },
    ],
    'xstate.error.actor.saveDepositLimit': [{ type: 'xstate.error.actor.saveDepositLimit', error: 'network down' }],
  },
})

type DepositLimitOfferOutcome =
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }
  | { type: 'xstate.error.actor.saveDepositLimit'; error: unknown }

const depositLimitOffer = defineEntry<typeof depositLimitOfferMachine, DepositLimitOfferOutcome>({
  name: 'deposit-limit-offer',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods, issue 4 (offered at the first deposit)',
  description: 'Inside the first deposit: the offer to set a deposit limit, set (applies at once and reaches the deposit flow) or skipped',
  machine: depositLimitOfferMachine,
  input: { currency: 'EUR', limit: noLimit, isFirstDeposit: true },
  // Not a first deposit: the offer stays hidden.
  otherInputs: [{ currency: 'EUR', limit: noLimit, isFirstDeposit: false }],
  // Whether an amount is typed decides whether a submit is sent.
  serializeState: (snapshot) => {
    const c = snapshot.context as { amount: string; period: number }
    return JSON.stringify({ value: snapshot.value, amount: c.amount !== '', period: c.period })
  },
  events: {
    'limitOffer.period.change': [{ type: 'limitOffer.period.change', period: 7 }],
    'limitOffer.amount.change': [{ type: 'limitOffer.amount.change', value: '100' }],
    'limitOffer.submit': [{ type: 'limitOffer.submit' }],
    'limitOffer.skip': [{ type: 'limitOffer.skip' }],
  },
  outcomes: {
    'xstate.done.actor.saveDepositLimit': [
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: dailyLimit } },
      { type: 'xstate.done.actor.saveDepositLimit', output: cashierUnavailable },
    ],
    'xstate.error.actor.saveDepositLimit': [{ type: 'xstate.error.actor.saveDepositLimit', error: 'network down' }],
  },
})

// ── registry ─────────────────────────────────────────────────────────────────

export const machineRegistry: readonly MachineEntry[] = [
  app,
  dialogStack,
  toasts,
  toastTimer,
  headerMenus,
  authPopupEntry,
  charactersEntry,
  socialRegistrationPromptEntry,
  loginEntry,
  registrationEntry,
  messengerEntry,
  restoreEntry,
  resetPasswordEntry,
  inactivity,
  hints,
  socialLoginEntry,
  socialRegistrationEntry,
  twoFactorSetup,
  contactConfirmation,
  unsubscribe,
  balanceRefresh,
  deposit,
  withdraw,
  paymentResult,
  wallet,
  history,
  receipt,
  depositLimit,
  depositLimitOffer,
]

export function findMachineEntry(
  name: string,
  registry: readonly MachineEntry[] = machineRegistry,
): MachineEntry | undefined {
  return registry.find((entry) => entry.name === name)
}
