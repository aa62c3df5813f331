// What the confirmation page reads (tags, context and `can`, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { CONTACT_CONFIRMATION_TAGS, type contactConfirmationMachine } from './contact-confirmation.machine'
import type { ConfirmationAlert, ConfirmationFieldErrors, ConfirmationValues } from './contact-confirmation.types'
import { isPhoneContact } from './contact-confirmation.rules'

export type ContactConfirmationSnapshot = SnapshotFrom<typeof contactConfirmationMachine>

export type ConfirmationView = 'loading' | 'form' | 'confirmed' | 'alreadyConfirmed'

export const selectConfirmationView = (snapshot: ContactConfirmationSnapshot): ConfirmationView => {
  if (snapshot.matches('confirmed')) return 'confirmed'
  if (snapshot.matches('alreadyConfirmed')) return 'alreadyConfirmed'
  if (snapshot.hasTag(CONTACT_CONFIRMATION_TAGS.form)) return 'form'
  return 'loading'
}

/** `data-state` for tests: the flow's state as one dotted path. */
export const selectConfirmationDataState = (snapshot: ContactConfirmationSnapshot): string => {
  const value = snapshot.value
  if (typeof value === 'string') return `confirmation.${value}`
  const step = (value as { ready?: { step?: string } }).ready?.step
  return step ? `confirmation.${step}` : 'confirmation.ready'
}
export const selectConfirmationValues = (snapshot: ContactConfirmationSnapshot): ConfirmationValues => snapshot.context.values
export const selectConfirmationErrors = (snapshot: ContactConfirmationSnapshot): ConfirmationFieldErrors => snapshot.context.fieldErrors
export const selectConfirmationAlert = (snapshot: ContactConfirmationSnapshot): ConfirmationAlert | null => snapshot.context.alert
export const selectContactLocked = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.context.contactLocked
export const selectIsBusy = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.hasTag(CONTACT_CONFIRMATION_TAGS.busy)
export const selectIsSubmitting = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.hasTag(CONTACT_CONFIRMATION_TAGS.submitting)
export const selectIsSending = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.hasTag(CONTACT_CONFIRMATION_TAGS.sending)
/** Seconds until a new code may be asked for; 0 when it may be now. */
export const selectResendIn = (snapshot: ContactConfirmationSnapshot): number => snapshot.context.resendTime
/** Whether 'Send a new code' does something now. */
export const selectCanSend = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.can({ type: 'confirmation.send' })
/** A code can be sent at all (a player is logged in with an e-mail), now or after the countdown. */
export const selectOffersSend = (snapshot: ContactConfirmationSnapshot): boolean => snapshot.context.loggedIn && snapshot.context.contactLocked
export const selectSentTo = (snapshot: ContactConfirmationSnapshot): string | null => snapshot.context.sentTo
/** Whether the page confirms a phone: the one asked for (?contact=phone), or a number the link or the player gave. */
export const selectConfirmsPhone = (s: ContactConfirmationSnapshot): boolean =>
  s.context.values.contact.trim() === '' ? s.context.kind === 'phone' : isPhoneContact(s.context.values.contact)
