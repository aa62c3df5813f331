// Types of completing a social registration (SPEC §2.3: the socialRegistration view opens by itself
// when the logged-in account has is_registration_completed false).
import type { AccountInfo, AppRef, AuthFailure, AuthResult, DialogsRef } from '../auth.types'

export interface SocialRegistrationValues {
  readonly currency: string
  /** Must be ticked (SPEC §5 'Checkbox'): a provider cannot accept the terms for the player. */
  readonly terms: boolean
  /** Mailing consent: shown, never pre-ticked (DESIGN 'No dark patterns'). */
  readonly notify: boolean
}

/** Field error ids the view translates: required, and the server's invalid / locked currency. */
export type SocialRegistrationFieldErrors = Partial<Record<'currency' | 'terms', 'required' | 'invalid' | 'locked'>>

export interface SocialRegistrationInput {
  /** The root actor: told of the completed account. */
  readonly app: AppRef
  /** The dialog stack of the auth popup the form is in. */
  readonly dialogs?: DialogsRef
}

export interface SocialRegistrationContext {
  readonly app: AppRef | null
  readonly dialogs: DialogsRef | null
  readonly currencies: readonly string[]
  readonly values: SocialRegistrationValues
  readonly fieldErrors: SocialRegistrationFieldErrors
  /** A failure that names no field. */
  readonly alert: 'failed' | null
  readonly account: AccountInfo | null
}

export type SocialRegistrationEvent =
  | { type: 'socialReg.currency.change'; currency: string }
  | { type: 'socialReg.terms.toggle' }
  | { type: 'socialReg.notify.toggle' }
  | { type: 'socialReg.submit' }
  /** Try loading the currency list again. */
  | { type: 'socialReg.retry' }
  | { type: 'popup.close' }

/** General info's available_currencies and default_currency. */
export type LoadCurrenciesResult = AuthResult<{ readonly currencies: readonly string[]; readonly defaultCurrency: string | null }>
export type CompleteInput = SocialRegistrationValues
export type CompleteResult = AuthResult<{ readonly account: AccountInfo }>

export type { AccountInfo, AuthFailure }
