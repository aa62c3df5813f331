import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { selectFieldErrors, selectPromoState, selectShowPromoToggle, selectShowsForm, selectValues } from '../../../machines/auth/registration/registration.selectors'
import { Input } from '../../kit/Input'
import { Spinner } from '../../kit/Spinner'
import { ConsentCheckbox } from './ConsentCheckbox'
import { group } from './registration-form.styles'
import type { RegistrationRef } from './registration-ref'
import { PROMO_INVALID, useRegistrationErrorText } from './useRegistrationErrorText'

const promoWrap = css({ position: 'relative' })
const promoStatus = css({ position: 'absolute', right: '3', top: '9', display: 'flex', alignItems: 'center', gap: '1', textStyle: 'small' })
const validIcon = css({ color: 'success', width: '5', height: '5' })

/** SPEC §4 'Promo code': the box that opens the field, and the field with its debounced check. */
export function PromoCodeField({ actor }: { actor: RegistrationRef }) {
  const { i18n } = useLingui()
  const errorText = useRegistrationErrorText()
  const showsForm = useSelector(actor, selectShowsForm)
  const shown = useSelector(actor, selectShowPromoToggle)
  const promo = useSelector(actor, selectPromoState)
  const code = useSelector(actor, (s) => selectValues(s).promo_code)
  const error = useSelector(actor, (s) => selectFieldErrors(s).promo_code)
  if (!showsForm || !shown) return null
  return (
    <div className={group}>
      <ConsentCheckbox name="has_promocode" checked={promo !== 'off'} onChange={() => actor.send({ type: 'reg.promo.toggle' })}>
        <Trans>I have a promo code</Trans>
      </ConsentCheckbox>
      {promo !== 'off' ? (
        <div className={promoWrap} data-testid="promo-field" data-promo-state={promo}>
          <Input
            label={i18n._(msg`Promo code`)}
            name="promo_code"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            aria-busy={promo === 'checking' || undefined}
            hint={promo === 'valid' ? i18n._(msg`Promo code accepted`) : undefined}
            error={promo === 'invalid' ? i18n._(PROMO_INVALID) : errorText('promo_code', error)}
            onChange={(e) => actor.send({ type: 'reg.promo.change', value: e.currentTarget.value })}
          />
          <span className={promoStatus} aria-hidden="true">
            {promo === 'checking' ? <Spinner /> : null}
            {promo === 'valid' ? (
              <svg className={validIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" data-testid="promo-valid-icon">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            ) : null}
          </span>
        </div>
      ) : null}
    </div>
  )
}
