// What views read from the root actor (ARCHITECTURE §7 rule 4: selectors, never state strings).
import type { SnapshotFrom } from 'xstate'
import type { Theme } from '../../../shared/constants'
import type { Locale } from '../../../shared/locales'
import type { appMachine } from './app.machine'
import { APP_TAGS, type AccountInfo, type CmsConfig, type GeneralInfo } from './app.types'

export type AppSnapshot = SnapshotFrom<typeof appMachine>

/** SPEC §6: the two roles. A refresh in flight does not change the answer. */
export const selectIsLoggedIn = (snapshot: AppSnapshot): boolean => snapshot.matches({ session: 'player' })

export const selectAccount = (snapshot: AppSnapshot): AccountInfo => snapshot.context.account

export const selectIsRefreshingAccount = (snapshot: AppSnapshot): boolean =>
  snapshot.hasTag(APP_TAGS.refreshingAccount)

/** The player's own logout is under way (until the home page loads): the way out shows busy and takes no second click. */
export const selectIsLoggingOut = (snapshot: AppSnapshot): boolean => snapshot.hasTag(APP_TAGS.loggingOut)

export const selectTheme = (snapshot: AppSnapshot): Theme => snapshot.context.theme

export const selectLocale = (snapshot: AppSnapshot): Locale => snapshot.context.locale

export const selectGeneralInfo = (snapshot: AppSnapshot): GeneralInfo | null => snapshot.context.generalInfo

/**
 * One section of the content config (`useSelector(app, selectCmsSection('banners'))`); null when
 * the page has no content config (it could not be read: views then show their defaults).
 */
export const selectCmsSection =
  <K extends Exclude<keyof CmsConfig, 'locale'>>(name: K) =>
  (snapshot: AppSnapshot): CmsConfig[K] | null =>
    snapshot.context.cmsConfig?.[name] ?? null

export type FeatureFlag = keyof NonNullable<CmsConfig['site']>['features']

/**
 * A feature flag of the content's site config (SPEC §3 'Site config': two-factor, identity
 * verification, responsible gaming, bet history, ...). On when the page has no content config: an
 * operator switches a feature off, a missing file never does.
 */
export const selectFeature =
  (flag: FeatureFlag) =>
  (snapshot: AppSnapshot): boolean =>
    snapshot.context.cmsConfig?.site?.features[flag] ?? true

/**
 * Whether the site's chat is our own (SPEC §3 'Support chat settings'): a vendor's widget draws its
 * own launcher, so ours steps aside; without a content config the default chat is our own.
 */
export const selectBuiltinChat = (snapshot: AppSnapshot): boolean => (snapshot.context.cmsConfig?.chat?.kind ?? 'builtin') === 'builtin'

/** The responsible-gaming tools' switch (site config): the menu, the cashier and the profile page read it. */
export const selectResponsibleGaming = selectFeature('responsibleGaming')

/** The dialog stack actor; subscribe to it with the selectors of dialog-stack.selectors.ts. */
export const selectDialogsRef = (snapshot: AppSnapshot) => snapshot.children.dialogs

/** The toasts actor; subscribe to it with the selectors of toasts.selectors.ts. */
export const selectToastsRef = (snapshot: AppSnapshot) => snapshot.children.toasts

/** The header's menus actor; subscribe to it with the selectors of header-menus.selectors.ts. */
export const selectMenusRef = (snapshot: AppSnapshot) => snapshot.children.menus

/** The inactivity watcher (browser only, null on the server); subscribe with inactivity.selectors. */
export const selectInactivityRef = (snapshot: AppSnapshot) => snapshot.children.inactivity ?? null

/** The page's one balance refresh (browser only); subscribe with balance-refresh.selectors. */
export const selectBalanceRef = (snapshot: AppSnapshot) => snapshot.children.balance ?? null

/** The reality check (browser only, null on the server); subscribe with reality-check.selectors. */
export const selectRealityCheckRef = (snapshot: AppSnapshot) => snapshot.children.realityCheck ?? null

/** The player's favourite games (browser only); subscribe with favourites.selectors. */
export const selectFavouritesRef = (snapshot: AppSnapshot) => snapshot.children.favourites ?? null

/** The sportsbook's betslip (browser only); subscribe with betslip.selectors. */
export const selectBetslipRef = (snapshot: AppSnapshot) => snapshot.children.betslip ?? null

/** The built-in support chat (browser only); subscribe with chat.selectors. */
export const selectSupportChatRef = (snapshot: AppSnapshot) => snapshot.children.supportChat ?? null

/** A vendor's chat widget (browser only); subscribe with chat-widget.selectors. */
export const selectChatWidgetRef = (snapshot: AppSnapshot) => snapshot.children.chatWidget ?? null

/** The hints (browser only); subscribe with hints.selectors. */
export const selectHintsRef = (snapshot: AppSnapshot) => snapshot.children.hints ?? null

/** The cookie-consent actor (server and browser: the banner is in the HTML); subscribe with consent.selectors. */
export const selectConsentRef = (snapshot: AppSnapshot) => snapshot.children.consent
