import type { Locale } from '../shared/locales'

export const STATE_SCRIPT_ID = '__APP_STATE__'

/** What the server hands to the browser so it resumes exactly where SSR ended. */
export interface DehydratedState {
  locale: Locale
  basename: string
  /** The root actor's persisted snapshot (session, theme, locale, dialogs, toasts). */
  app: unknown
  publicUrl: string
  appEnv: string
  /**
   * The system page the whole site shows (a banned player, SPEC §8), so the browser's router keeps
   * showing it instead of running the page's own loaders (a guard would send the 'visitor' home).
   */
  fatal?: { type: string; status: number; code?: string }
}

/** JSON inside a <script> must not be able to close it. */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
