// Types of the reality check (responsible gaming): at the player's interval the page shows how long
// this session has lasted and its real-money result, with "continue" and "stop"
// (GET account/getRealityCheck, POST setRealityCheck). A child of the root actor, players only.
import type { RealityCheck } from '../../../services/api/contract/account'

export type { RealityCheck }

export interface RealityCheckInput {
  readonly loggedIn: boolean
}

/** The interval the player picked on the page, in minutes; 0 for none. */
export type RealityCheckChoice = number

export interface RealityCheckContext {
  /** A player when the page started (later changes come as session.change). */
  readonly startedAsPlayer: boolean
  /** The server's last answer: the interval and this session's figures. */
  readonly figures: RealityCheck | null
  /** The page's pick, not yet saved; null when it is the saved one. */
  readonly choice: RealityCheckChoice | null
  /** The last save went through (for the page to say so), until the next pick. */
  readonly saved: boolean
  readonly alert: 'loadFailed' | 'saveFailed' | null
}

export type RealityCheckEvent =
  /** The root actor's session moved. */
  | { type: 'session.change'; loggedIn: boolean }
  /** The page's list: an interval in minutes, 0 for none. */
  | { type: 'reality.choose'; minutes: RealityCheckChoice }
  | { type: 'reality.save' }
  | { type: 'reality.retry' }
  /** The check's two answers. */
  | { type: 'reality.continue' }
  | { type: 'reality.stop' }

export type LoadRealityResult = { readonly ok: true; readonly figures: RealityCheck } | { readonly ok: false; readonly code: string }
export interface SaveRealityInput {
  readonly minutes: RealityCheckChoice
}
