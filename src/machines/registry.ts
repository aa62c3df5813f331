// Every machine of src/machines, for QA and product (`npm run flows`, the /_flows page and the
// inspector). Each flow's entry lives in its `<flow>.samples.ts` (src/machines/flow-entry.ts says
// what an entry holds); registry.test.ts fails when a machine file exports a machine not listed.
import { appEntry } from './app/app/app.samples'
import { buildWatchEntry } from './app/build-watch/build-watch.samples'
import { serviceWorkerEntry } from './app/service-worker/service-worker.samples'
import { sitePopupsEntry } from './app/site-popups/site-popups.samples'
import { dialogStackEntry } from './app/dialog-stack/dialog-stack.samples'
import { frameMessagesEntry } from './app/frame-messages/frame-messages.samples'
import { headerMenusEntry } from './app/header-menus/header-menus.samples'
import { consentEntry } from './app/consent/consent.samples'
import { toastsEntry, toastTimerEntry } from './app/toasts/toasts.samples'
import { crashEntry } from './games/crash/crash.samples'
import { fairnessEntry } from './games/fairness/fairness.samples'
import { hallEntry } from './games/hall/hall.samples'
import { launchEntry } from './games/launch/launch.samples'
import { favouritesEntry } from './games/favourites/favourites.samples'
import { realityCheckEntry } from './responsible/reality-check/reality-check.samples'
import { feedbackEntry } from './support/feedback/feedback.samples'
import { supportChatEntry } from './support/chat/chat.samples'
import { operatorChatEntry } from './support/operator-chat/operator-chat.samples'
import { chatWidgetEntry } from './support/chat-widget/chat-widget.samples'
import { gameHistoryEntry } from './games/history/history.samples'
import { gameClientEntry } from './games/game-client/game-client.samples'
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
import { balanceRefreshEntry } from './cashier/balance-refresh/balance-refresh.samples'
import { depositEntry } from './cashier/deposit/deposit.samples'
import { historyEntry } from './cashier/history/history.samples'
import { paymentResultEntry } from './cashier/payment-result/payment-result.samples'
import { receiptEntry } from './cashier/receipt/receipt.samples'
import { walletEntry } from './cashier/wallet/wallet.samples'
import { withdrawEntry } from './cashier/withdraw/withdraw.samples'
import type { MachineEntry } from './flow-entry'
import { changePasswordEntry } from './profile/change-password/change-password.samples'
import { emailChangeEntry } from './profile/email-change/email-change.samples'
import { contactConfirmationEntry } from './profile/contact-confirmation/contact-confirmation.samples'
import { sessionsEntry } from './profile/sessions/sessions.samples'
import { notificationsEntry } from './profile/notifications/notifications.samples'
import { pushEntry } from './profile/push/push.samples'
import { profileSettingsEntry } from './profile/profile-settings/profile-settings.samples'
import { fakenameEntry } from './profile/fakename/fakename.samples'
import { contactsEntry } from './profile/contacts/contacts.samples'
import { verificationEntry } from './profile/verification/verification.samples'
import { sessionLimitEntry } from './responsible/session-limit/session-limit.samples'
import { twoFactorSetupEntry } from './profile/two-factor-setup/two-factor-setup.samples'
import { unsubscribeEntry } from './profile/unsubscribe/unsubscribe.samples'
import { depositLimitEntry } from './responsible/deposit-limit/deposit-limit.samples'
import { depositLimitOfferEntry } from './responsible/deposit-limit-offer/deposit-limit-offer.samples'
import { selfExclusionEntry } from './responsible/self-exclusion/self-exclusion.samples'
import { boardEntry } from './sportsbook/board/board.samples'
import { sbEventEntry } from './sportsbook/event/event.samples'
import { betslipEntry } from './sportsbook/betslip/betslip.samples'
import { sbBetsEntry } from './sportsbook/bets/bets.samples'
import { bettingBonusesEntry } from './sportsbook/betting-bonuses/betting-bonuses.samples'
import { hintsEntry } from './session/hints/hints.samples'
import { inactivityEntry } from './session/inactivity/inactivity.samples'

export const machineRegistry: readonly MachineEntry[] = [
  appEntry,
  dialogStackEntry,
  toastsEntry,
  toastTimerEntry,
  headerMenusEntry,
  consentEntry,
  sitePopupsEntry,
  frameMessagesEntry,
  serviceWorkerEntry,
  buildWatchEntry,
  authPopupEntry,
  charactersEntry,
  socialRegistrationPromptEntry,
  loginEntry,
  registrationEntry,
  messengerEntry,
  restoreEntry,
  resetPasswordEntry,
  inactivityEntry,
  hintsEntry,
  socialLoginEntry,
  socialRegistrationEntry,
  twoFactorSetupEntry,
  changePasswordEntry,
  emailChangeEntry,
  sessionsEntry,
  notificationsEntry,
  pushEntry,
  profileSettingsEntry,
  fakenameEntry,
  contactsEntry,
  verificationEntry,
  sessionLimitEntry,
  contactConfirmationEntry,
  unsubscribeEntry,
  balanceRefreshEntry,
  depositEntry,
  withdrawEntry,
  paymentResultEntry,
  walletEntry,
  historyEntry,
  receiptEntry,
  depositLimitEntry,
  depositLimitOfferEntry,
  selfExclusionEntry,
  boardEntry,
  sbEventEntry,
  betslipEntry,
  sbBetsEntry,
  bettingBonusesEntry,
  crashEntry,
  gameClientEntry,
  fairnessEntry,
  hallEntry,
  launchEntry,
  favouritesEntry,
  realityCheckEntry,
  feedbackEntry,
  supportChatEntry,
  operatorChatEntry,
  chatWidgetEntry,
  gameHistoryEntry,
]

export function findMachineEntry(
  name: string,
  registry: readonly MachineEntry[] = machineRegistry,
): MachineEntry | undefined {
  return registry.find((entry) => entry.name === name)
}
