// What views read from the login flow (ARCHITECTURE §7 rule 4: tags, selectors and `can`, never
// state strings). The auth popup renders the form or the twofa view from selectLoginView.
import type { SnapshotFrom } from 'xstate'
import { LOGIN_TAGS, type loginMachine } from './login.machine'
import type { LoginAlert, LoginFieldErrors } from './login.types'

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>

export type LoginView = 'form' | 'twofa' | 'done'

/** SPEC §2.3: the authorization view or the twofa view; 'done' once logged in or closed. */
export const selectLoginView = (snapshot: LoginSnapshot): LoginView =>
  snapshot.hasTag(LOGIN_TAGS.twofa) ? 'twofa' : snapshot.hasTag(LOGIN_TAGS.form) ? 'form' : 'done'

/** For `data-state` on the popup body (ARCHITECTURE §7 rule 5): 'login.form', 'login.twofa', ... */
export const selectLoginDataState = (snapshot: LoginSnapshot): string => {
  const view = selectLoginView(snapshot)
  if (view !== 'done') return `login.${view}`
  if (snapshot.matches('blocked')) return 'login.blocked'
  return snapshot.matches('success') ? 'login.success' : 'login.closed'
}

/** A request is in flight: the submit button shows loading and is disabled (SPEC §4). */
export const selectIsBusy = (snapshot: LoginSnapshot): boolean => snapshot.hasTag(LOGIN_TAGS.busy)

/** The form's values; the password is shown only in its (masked) input. */
export const selectLoginValues = (snapshot: LoginSnapshot) => snapshot.context.credentials

export const selectCode = (snapshot: LoginSnapshot): string => snapshot.context.code

export const selectFieldErrors = (snapshot: LoginSnapshot): LoginFieldErrors => snapshot.context.fieldErrors

/** The alert notice: 'wrong enter' (SPEC §8), a two-factor message, or too many requests. */
export const selectLoginAlert = (snapshot: LoginSnapshot): LoginAlert | null => snapshot.context.alert

/** Whether 'Send the code again' is enabled: the countdown reached 0 and nothing is in flight. */
export const selectCanResend = (snapshot: LoginSnapshot): boolean => snapshot.can({ type: 'otp.resend' })

/** Seconds left on the resend countdown (SPEC §8 'Resend time is'). */
export const selectResendSeconds = (snapshot: LoginSnapshot): number => snapshot.context.resendTime

/** The twofa back link is active (SPEC §2.3); not while a code is being checked. */
export const selectCanGoBack = (snapshot: LoginSnapshot): boolean => snapshot.can({ type: 'login.back' })
