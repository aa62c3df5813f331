// Types of the automatic logout by inactivity (SPEC §4, §3 General info time_to_force_logout, §9).

export interface InactivityInput {
  /** time_to_force_logout in seconds; null or 0: never. */
  readonly timeoutSec: number | null
  readonly loggedIn: boolean
}

export interface InactivityContext {
  /** The whole limit; null when the setting is off. */
  readonly timeoutMs: number | null
  readonly loggedIn: boolean
  /** Seconds left on the warning's countdown (the last 20 % of the limit). */
  readonly remainingSec: number
}

/** What the tabs of one browser tell each other (a BroadcastChannel in the browser). */
export type TabMessage = 'activity' | 'logout'

export type InactivityEvent =
  /** The setting or the login state changed (general info loaded, login, logout). */
  | { type: 'inactivity.configure'; timeoutSec: number | null; loggedIn: boolean }
  /** A key press, click, scroll or route change in this tab. */
  | { type: 'activity' }
  /** Activity in another tab of this browser. */
  | { type: 'activity.remote' }
  /** Another tab logged out by inactivity. */
  | { type: 'logout.remote' }
  /** The warning's 'Stay logged in' button. */
  | { type: 'inactivity.stay' }

/** What the channel actor is told to post to the other tabs. */
export type ChannelCommand = { type: 'channel.post'; message: TabMessage }

export type TouchResult = { readonly loggedIn: boolean }

/**
 * Why the session ended: our own countdown, another tab's, the server had already ended it, a
 * self-exclusion, or the session-time limit (the server said so on an API call).
 */
export type LogoutReason = 'inactivity' | 'otherTab' | 'serverExpired' | 'selfExcluded' | 'sessionLimit'

export interface InactivityActionParams {
  /** Opens the warning popup (dialog 'inactivity-warning') with its countdown. */
  readonly openWarning: { readonly seconds: number }
  readonly closeWarning: Readonly<Record<string, never>>
  /** The player is a visitor now: session.set VISITOR, analytics anonymous, home page (SPEC §2.2). */
  readonly endSession: { readonly reason: LogoutReason }
  readonly reportError: { readonly error: unknown }
}
