// What the auth popup's views read from its navigation (ARCHITECTURE §7 rule 4).
import type { SnapshotFrom } from 'xstate'
import type { AuthView } from '../../app/query-flags'
import type { authPopupMachine } from './auth-popup.machine'
import type { AuthPopupView } from './auth-popup.types'
import type { LoginView } from '../login/login.selectors'

export type AuthPopupSnapshot = SnapshotFrom<typeof authPopupMachine>

const VIEWS: readonly AuthPopupView[] = ['authorization', 'registration', 'restore', 'socialRegistration']

/** The popup's view; `opening` is left at once, so it never shows. */
export const selectAuthPopupView = (snapshot: AuthPopupSnapshot): AuthPopupView =>
  VIEWS.find((view) => snapshot.matches(view)) ?? 'authorization'

/** What the popup shows: twofa is the login flow's step, shown in place of the login view. */
export const shownAuthView = (view: AuthPopupView, loginView: LoginView): AuthView =>
  view === 'authorization' && loginView === 'twofa' ? 'twofa' : view

/** The links the view offers are the events its state takes. */
export const selectCanGo = (event: 'popup.login' | 'popup.registration' | 'popup.restore') => (snapshot: AuthPopupSnapshot): boolean =>
  snapshot.can({ type: event })
