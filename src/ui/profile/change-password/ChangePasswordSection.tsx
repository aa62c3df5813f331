import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Plural, Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { selectAccount } from '../../../machines/app/app/app.selectors'
import { changePasswordMachine } from '../../../machines/profile/change-password/change-password.machine'
import {
  selectChangeAlert,
  selectChangeBusy,
  selectChangeDataState,
  selectChangeErrors,
  selectChangeValues,
  selectChangeView,
  selectOthersEnded,
} from '../../../machines/profile/change-password/change-password.selectors'
import type { ChangePasswordValues } from '../../../machines/profile/change-password/change-password.types'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants'
import { serverErrorCode, type ValidationError } from '../../../shared/validation/rules'
import { useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { newPasswordError, passwordAlertText } from '../../auth/password-messages'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })

const wrongCurrent = msg`This is not your current password. Check it and try again.`
const samePassword = msg`The new password is your current one. Choose a different one.`

/**
 * The security page's password change (SPEC §7 Account changepassword, §5 'Password'): the current
 * password, the new one twice. Every other device signed in is signed out; this one stays.
 */
export function ChangePasswordSection() {
  const { i18n } = useLingui()
  const actor = useFlowActor(changePasswordMachine)
  const view = useSelector(actor, selectChangeView)
  const values = useSelector(actor, selectChangeValues)
  const errors = useSelector(actor, selectChangeErrors)
  const alert = useSelector(actor, selectChangeAlert)
  const busy = useSelector(actor, selectChangeBusy)
  const dataState = useSelector(actor, selectChangeDataState)
  const othersEnded = useSelector(actor, selectOthersEnded)
  const login = useAppSelector((s) => selectAccount(s).login)

  const fieldError = (error: ValidationError | undefined) => {
    const code = serverErrorCode(error)
    if (code === 'same') return i18n._(samePassword)
    if (code === 'invalid') return i18n._(wrongCurrent)
    return newPasswordError(i18n, error)
  }
  const change = (name: keyof ChangePasswordValues) => (e: { currentTarget: HTMLInputElement }) =>
    actor.send({ type: 'password.field.change', name, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'password.submit' })
  }

  return (
    <section className={card} aria-labelledby="password-title" data-testid="change-password" data-state={dataState}>
      <h2 id="password-title" className={title}>
        <Trans>Password</Trans>
      </h2>
      {view === 'form' ? (
        <Form flow={actor} className={form} onSubmit={submit}>
          <p className={muted}>
            <Trans>
              Choose a password of {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters. Every other device signed in to your
              account will be signed out; this one stays.
            </Trans>
          </p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
          {alert ? (
            <Alert tone="error" data-testid="change-password-alert" data-message-id={alert.messageId}>
              {passwordAlertText(i18n, alert)}
            </Alert>
          ) : null}
          <Input
            label={i18n._(msg`Current password`)}
            name="current"
            type="password"
            autoComplete="current-password"
            value={values.current}
            error={fieldError(errors.current)}
            onChange={change('current')}
          />
          <Input
            label={i18n._(msg`New password`)}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            error={fieldError(errors.password)}
            onChange={change('password')}
          />
          <Input
            label={i18n._(msg`Repeat the new password`)}
            name="confirmation"
            type="password"
            autoComplete="new-password"
            value={values.confirmation}
            error={fieldError(errors.confirmation)}
            onChange={change('confirmation')}
          />
          <div className={actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="change-password-submit">
              <Trans>Change the password</Trans>
            </Button>
          </div>
        </Form>
      ) : (
        <>
          <Alert tone="success" data-testid="change-password-done" data-others-ended={othersEnded ?? 0}>
            {othersEnded ? (
              <Plural
                value={othersEnded}
                one="Your password has been changed, and # other device was signed out."
                other="Your password has been changed, and # other devices were signed out."
              />
            ) : (
              <Trans>Your password has been changed.</Trans>
            )}
          </Alert>
          <div className={actions}>
            <Button variant="secondary" onClick={() => actor.send({ type: 'password.again' })}>
              <Trans>Change it again</Trans>
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
