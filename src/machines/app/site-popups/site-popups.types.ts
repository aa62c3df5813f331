// Types of the site popups (SPEC §2.4 'Other popups'; content/<locale>/popups.json).
import type { PopupsContent } from '../../../services/api/contract/content'

export type SitePopup = PopupsContent['items'][number]
export type PopupTrigger = SitePopup['trigger']

/** The triggers that may come just before a full load (a login lands with one). */
export type CarriedTrigger = 'afterLogin' | 'afterRegistration'

/** What the browser remembers when a page starts. */
export interface PopupMemory {
  readonly seen: readonly string[]
  /** A login or registration of the page before this one, in this tab; null when there was none. */
  readonly carried: CarriedTrigger | null
}

export interface SitePopupsInput {
  /** The popups of the page's locale, in the operator's order; empty without content. */
  readonly items: readonly SitePopup[]
  readonly loggedIn: boolean
  /** Where the page is (path and query, locale prefix included or not). */
  readonly path: string
}

export interface SitePopupsContext {
  readonly items: readonly SitePopup[]
  readonly loggedIn: boolean
  readonly path: string
  /** Ids this browser has been shown: each popup shows once. */
  readonly seen: readonly string[]
  /** The popup whose trigger came and which waits for its delay (or for a page it may cover). */
  readonly pending: SitePopup | null
}

export type SitePopupsEvent =
  /** The root: a player logged in or registered on this page (it may come before the session's news). */
  | { type: 'popups.trigger'; trigger: CarriedTrigger }
  /** The pointer left the window through its top edge (the exit-intent listener). */
  | { type: 'popups.exitIntent' }
  | { type: 'session.change'; loggedIn: boolean }
  | { type: 'route.change'; path: string }
