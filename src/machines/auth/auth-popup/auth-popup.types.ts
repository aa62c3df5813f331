// Types of the auth popup's navigation (SPEC §2.3: one popup, its views and the links between them).

/** The popup's own views; twofa is a step of the login flow, shown over `authorization`. */
export type AuthPopupView = 'authorization' | 'registration' | 'restore' | 'socialRegistration'

export interface AuthPopupInput {
  /** The view the popup was opened with (the dialog's props.view): anything else opens the login view. */
  readonly view?: unknown
}

export interface AuthPopupContext {
  readonly requested: unknown
}

export type AuthPopupEvent =
  /** The 'Log in' and 'Back to log in' links. */
  | { type: 'popup.login' }
  /** The 'Create an account' link. */
  | { type: 'popup.registration' }
  /** The 'Forgot your password?' link. */
  | { type: 'popup.restore' }
