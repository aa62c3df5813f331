import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import { selectFieldErrors, selectShowNotify, selectShowsForm, selectShowTerms, selectValues } from '../../../machines/auth/registration/registration.selectors'
import type { RegistrationSettingsInfo } from '../../../services/api/contract/account'
import { DEFAULT_LOCALE, isLocale, localizePath } from '../../../shared/locales'
import { ConsentCheckbox } from './ConsentCheckbox'
import type { RegistrationRef } from './registration-ref'
import { useRegistrationErrorText } from './useRegistrationErrorText'

const inlineLink = textLink()

/** SPEC §5 'Checkbox': the terms (with the minimum age) and the mailing consent, when the settings ask. */
export function ConsentCheckboxes({ actor, settings }: { actor: RegistrationRef; settings: RegistrationSettingsInfo }) {
  const { i18n } = useLingui()
  const errorText = useRegistrationErrorText()
  const showsForm = useSelector(actor, selectShowsForm)
  const showTerms = useSelector(actor, selectShowTerms)
  const showNotify = useSelector(actor, selectShowNotify)
  const terms = useSelector(actor, (s) => selectValues(s).terms)
  const notify = useSelector(actor, (s) => selectValues(s).notify)
  const termsError = useSelector(actor, (s) => selectFieldErrors(s).terms)
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const termsHref = settings.terms.pageSlug ? localizePath(`/${settings.terms.pageSlug}`, locale) : null
  const age = settings.minimumAge
  return (
    <>
      {showTerms ? (
        <ConsentCheckbox name="terms" checked={terms} onChange={() => actor.send({ type: 'reg.terms.toggle' })} error={errorText('terms', termsError)}>
          {termsHref ? (
            <Trans>
              I am at least {age} years old and I accept the{' '}
              <a className={inlineLink} href={termsHref} target="_blank" rel="noopener">
                terms and conditions
              </a>
            </Trans>
          ) : (
            <Trans>I am at least {age} years old and I accept the terms and conditions</Trans>
          )}
        </ConsentCheckbox>
      ) : null}
      {showsForm && showNotify ? (
        <ConsentCheckbox name="notify" checked={notify} onChange={() => actor.send({ type: 'reg.notify.toggle' })}>
          <Trans>Send me news and offers by e-mail (you can unsubscribe at any time)</Trans>
        </ConsentCheckbox>
      ) : null}
    </>
  )
}
