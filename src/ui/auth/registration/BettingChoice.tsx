import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { selectShowBetting, selectShowsForm, selectValues } from '../../../machines/auth/registration/registration.selectors'
import { checkbox, checkRow } from './registration-form.styles'
import type { RegistrationRef } from './registration-ref'

const radioRow = css({ display: 'flex', gap: '4', flexWrap: 'wrap' })
const legend = css({ textStyle: 'label', color: 'text', mb: '1.5' })

/** SPEC §3 markBetting: what the player mostly wants to play. */
export function BettingChoice({ actor }: { actor: RegistrationRef }) {
  const { i18n } = useLingui()
  const showsForm = useSelector(actor, selectShowsForm)
  const shown = useSelector(actor, selectShowBetting)
  const isBetting = useSelector(actor, (s) => selectValues(s).is_betting)
  if (!showsForm || !shown) return null
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={legend}>
        <Trans>I mostly want to play</Trans>
      </legend>
      <div className={radioRow}>
        {([
          [0, msg`Casino`],
          [1, msg`Sports betting`],
        ] as const).map(([value, text]) => (
          <label key={value} className={checkRow}>
            <input
              type="radio"
              name="is_betting"
              className={checkbox}
              checked={isBetting === value}
              onChange={() => actor.send({ type: 'reg.betting.select', isBetting: value === 1 })}
            />
            <span>{i18n._(text)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
