import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { css } from 'styled-system/css'
import { emailChangeMachine } from '../../../machines/profile/email-change/email-change.machine'
import {
  selectEmailChangeAlert,
  selectEmailChangeBusy,
  selectEmailChangeDataState,
  selectEmailChangeErrors,
  selectEmailChangeValues,
  selectEmailFormOpen,
} from '../../../machines/profile/email-change/email-change.selectors'
import { EMAIL_CODE_SENT, type EmailChangeValues } from '../../../machines/profile/email-change/email-change.types'
import { serverErrorCode, type ValidationError } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { useAppActor } from '../../app/AppProviders'
import { useEmitted } from '../../app/useEmitted'
import { useFlowActor } from '../../app/useFlowActor'
import { passwordAlertText } from '../../auth/password-messages'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'

const form = css({ display: 'grid', gap: '3' })
const muted = css({ color: 'textMuted', fontSize: 'sm' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })

const CODE_MESSAGES = {
  same: msg`This is already your e-mail.`,
  taken: msg`Another account uses this e-mail. Use a different one.`,
  invalid: msg`This is not your password. Check it and try again.`,
} as const

/**
 * Adds or replaces the e-mail (SPEC §4 'Contact editing'): the new address and the password again.
 * Once changed, the account is read again and the page goes to /confirmation, where the code
 * mailed to the new address confirms it.
 */
export function EmailChangeForm({ hasEmail, login }: { hasEmail: boolean; login: string }) {
  const { i18n } = useLingui()
  const app = useAppActor()
  const navigate = useNavigate()
  const actor = useFlowActor(emailChangeMachine)
  const open = useSelector(actor, selectEmailFormOpen)
  const values = useSelector(actor, selectEmailChangeValues)
  const errors = useSelector(actor, selectEmailChangeErrors)
  const alert = useSelector(actor, selectEmailChangeAlert)
  const busy = useSelector(actor, selectEmailChangeBusy)
  const dataState = useSelector(actor, selectEmailChangeDataState)

  useEmitted(actor, EMAIL_CODE_SENT, () => {
    // The header and the cashier's rules read the account: its e-mail (and maybe its login) changed.
    app.send({ type: 'session.refresh' })
    void navigate('/confirmation')
  })

  const errorText = (error: ValidationError | undefined): string | undefined => {
    if (!error) return undefined
    const code = serverErrorCode(error)
    if (code && code in CODE_MESSAGES) return i18n._(CODE_MESSAGES[code as keyof typeof CODE_MESSAGES])
    return translateError(i18n, error)
  }
  const change = (name: keyof EmailChangeValues) => (e: { currentTarget: HTMLInputElement }) => actor.send({ type: 'email.field.change', name, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'email.submit' })
  }

  if (!open)
    return (
      <div data-state={dataState}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'email.edit' })} data-testid="email-change">
          {hasEmail ? <Trans>Change e-mail</Trans> : <Trans>Add an e-mail</Trans>}
        </Button>
      </div>
    )
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-testid="email-form" data-state={dataState}>
      <p className={muted}>
        <Trans>We mail a code to the new address to confirm it. Until then, withdrawals wait. Your current address is told of the change.</Trans>
      </p>
      {/* For password managers: the account the password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
      {alert ? (
        <Alert tone="error" data-testid="email-change-alert" data-message-id={alert.messageId}>
          {passwordAlertText(i18n, alert)}
        </Alert>
      ) : null}
      <Input
        label={i18n._(msg`New e-mail`)}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        value={values.email}
        error={errorText(errors.email)}
        readOnly={busy}
        onChange={change('email')}
        data-testid="email-new"
      />
      <Input
        label={i18n._(msg`Your password`)}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errorText(errors.password)}
        readOnly={busy}
        onChange={change('password')}
        data-testid="email-password"
      />
      <div className={actions}>
        <Button type="submit" variant="primary" loading={busy} data-testid="email-save">
          <Trans>Save and send a code</Trans>
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'email.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  )
}
