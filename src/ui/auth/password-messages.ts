import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { translate } from '../../services/i18n/i18n'
import { translateError } from '../../shared/validation/messages'
import { serverErrorCode, type ValidationError } from '../../shared/validation/rules'

// The words the forms that set a password share: the recovery link's dialog and the security page.
const commonPassword = msg`This password is too easy to guess. Choose one that is not common and not your login or e-mail.`
const retryIn = msg`Too many attempts. Try again in {seconds} seconds.`
const tooMany = msg`Too many attempts. Please wait a moment and try again.`
const somethingWrong = msg`Something went wrong. Your password was not changed; please try again.`

/** A new password's error: the server's 'common' in words of its own, anything else by its rule. */
export function newPasswordError(i18n: I18n, error: ValidationError | undefined): string | undefined {
  if (!error) return undefined
  return serverErrorCode(error) === 'common' ? i18n._(commonPassword) : translateError(i18n, error)
}

/** A refused password form's alert: throttled (with the wait when the server gave one), or anything else. */
export function passwordAlertText(i18n: I18n, alert: { messageId: string; retryAfterSec: number | null }): string {
  if (alert.messageId !== 'tooManyRequests') return i18n._(somethingWrong)
  return alert.retryAfterSec ? translate(i18n, retryIn, { seconds: alert.retryAfterSec }) : i18n._(tooMany)
}
