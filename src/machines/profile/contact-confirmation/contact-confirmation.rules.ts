// Pure rules of confirming an e-mail with its code (SPEC §5 'Email', 'Numeric code'; §8).
import { FIELD_RULES, mapServerErrors, validateForm, type FormSchema } from '../../../shared/validation/rules'
import type { AuthFailure, ConfirmationFieldErrors, ConfirmationMessageId, ConfirmationValues } from './contact-confirmation.types'
import { CONTACT_CONFIRMATION_CODES } from './contact-confirmation.types'

const EMAIL_FORM: FormSchema<keyof ConfirmationValues> = { contact: FIELD_RULES.email, code: FIELD_RULES.code }
/** A phone as the SMS link carries it: +digits, any country of the table. */
const PHONE_FORM: FormSchema<keyof ConfirmationValues> = { contact: [{ rule: 'required' }, { rule: 'phone' }], code: FIELD_RULES.code }

/** Whether a contact is a phone: no '@' and nothing but what a number is written with. */
export const isPhoneContact = (contact: string): boolean => /^\+?[\d\s().-]+$/.test(contact.trim()) && !contact.includes('@')

/** SPEC §5: an address by the e-mail rule, a phone by the phone rule; the code six digits. */
export function validateConfirmation(values: ConfirmationValues): ConfirmationFieldErrors {
  return validateForm({ ...values }, isPhoneContact(values.contact) ? PHONE_FORM : EMAIL_FORM)
}

export const hasErrors = (errors: ConfirmationFieldErrors): boolean => Object.keys(errors).length > 0

/** What the player typed, as it is checked and sent: spaces around dropped, the code's inner spaces too. */
export function normalizeValues(values: ConfirmationValues): ConfirmationValues {
  return { contact: values.contact.trim(), code: values.code.replace(/\s+/g, '') }
}

/**
 * The server's field errors on the address or the code. Its codes for the code ('invalid',
 * 'expired', 'attempts') are no SPEC §5 messageId: they arrive as 'invalid' with the code in the
 * values, which the view says plainly.
 */
export function confirmationFieldErrors(failure: AuthFailure): ConfirmationFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['contact', 'code'] })
  const out: { -readonly [K in keyof ConfirmationFieldErrors]: ConfirmationFieldErrors[K] } = {}
  if (mapped.contact) out.contact = mapped.contact
  if (mapped.code) out.code = mapped.code
  return out
}

export const isAlreadyConfirmed = (failure: AuthFailure): boolean =>
  failure.type === 'InvalidRequestException' && failure.code === CONTACT_CONFIRMATION_CODES.alreadyConfirmed

/** The alert for a failure that is not about a field. */
export function failureMessage(failure: AuthFailure): ConfirmationMessageId {
  if (failure.type === 'TooManyRequestsException') return 'tooManyRequests'
  if (failure.type === 'AuthorizationException') return 'loginToSend'
  return 'somethingWrong'
}

/** Seconds as the countdown holds them: whole, never negative. */
export const wholeSeconds = (seconds: number | null | undefined): number => Math.max(0, Math.ceil(seconds ?? 0))
