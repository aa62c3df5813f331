import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { ValidationError } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'

/** Server codes no SPEC §5 rule makes (auth contract): said plainly instead of 'Wrong field value'. */
const SERVER_CODE_MESSAGES: Record<string, MessageDescriptor> = {
  taken: msg`This is already registered. Log in instead, or use another one.`,
  common: msg`This password is too easy to guess. Choose a less common one.`,
}
export const PROMO_INVALID = msg`This promo code is not valid.`
const NICKNAME_TAKEN = msg`Another player has this nickname. Choose a different one.`

/** The text of a field's error, in the page's language. */
export function useRegistrationErrorText() {
  const { i18n } = useLingui()
  return (name: string, error: ValidationError | undefined): string | undefined => {
    if (!error) return undefined
    const code = error.values?.['code']
    if (name === 'promo_code' && error.rule === 'server') return i18n._(PROMO_INVALID)
    if (name === 'fakename' && code === 'taken') return i18n._(NICKNAME_TAKEN)
    if (typeof code === 'string' && SERVER_CODE_MESSAGES[code]) return i18n._(SERVER_CODE_MESSAGES[code])
    return translateError(i18n, error)
  }
}
