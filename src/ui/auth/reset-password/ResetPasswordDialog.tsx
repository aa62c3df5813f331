import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import {
  selectResetAlert,
  selectResetBusy,
  selectResetDataState,
  selectResetErrors,
  selectResetValues,
  selectResetView,
} from '../../../machines/auth/reset-password/reset-password.selectors'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants'
import type { ValidationError } from '../../../shared/validation/rules'
import { useDialogs } from '../../app/AppProviders'
import { newPasswordError, passwordAlertText } from '../password-messages'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Dialog } from '../../kit/Dialog'
import { Input } from '../../kit/Input'
import { resetPasswordMachine } from '../../../machines/auth/reset-password/reset-password.machine'
import { useFlowActor } from '../../app/useFlowActor'

const form = css({ display: 'grid', gap: '4', mt: '2' })
const stack = css({ display: 'grid', gap: '4', mt: '2' })
const muted = css({ color: 'textMuted', fontSize: 'sm' })


/**
 * The dialog a recovery link opens (`#reset_token=...`): a new password twice, then the way to log
 * in; an invalid or expired link offers a new one (SPEC §2.3 restore, §5 'Password').
 */
export function ResetPasswordDialog({ dialog }: { dialog: DialogModel }) {
  const token = typeof dialog.props['token'] === 'string' ? dialog.props['token'] : null
  // A new link is a new flow, even when it replaces an open dialog.
  return <ResetPasswordFlow key={token ?? ''} token={token} />
}

function ResetPasswordFlow({ token }: { token: string | null }) {
  const { i18n } = useLingui()
  const dialogs = useDialogs()
  const actor = useFlowActor(resetPasswordMachine, { input: { token, dialogs } })
  const view = useSelector(actor, selectResetView)
  const values = useSelector(actor, selectResetValues)
  const errors = useSelector(actor, selectResetErrors)
  const alert = useSelector(actor, selectResetAlert)
  const busy = useSelector(actor, selectResetBusy)
  const dataState = useSelector(actor, selectResetDataState)

  const fieldError = (error: ValidationError | undefined) => newPasswordError(i18n, error)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'reset.submit' })
  }
  const title = view === 'done' ? i18n._(msg`Password changed`) : i18n._(msg`Set a new password`)

  return (
    <Dialog open size="sm" title={title} onClose={() => actor.send({ type: 'reset.close' })}>
      <div data-testid="reset-password" data-state={dataState}>
        {view === 'form' ? (
          <Form flow={actor} className={form} onSubmit={submit}>
            <p className={muted}>
              <Trans>
                Choose a password of {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters. Every other device logged in
                to your account will be logged out.
              </Trans>
            </p>
            {alert ? (
              <Alert tone="error" data-testid="reset-alert" data-message-id={alert.messageId}>
                {passwordAlertText(i18n, alert)}
              </Alert>
            ) : null}
            <Input
              label={i18n._(msg`New password`)}
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              error={fieldError(errors.password)}
              onChange={(e) => actor.send({ type: 'reset.field.change', name: 'password', value: e.currentTarget.value })}
            />
            <Input
              label={i18n._(msg`Repeat the new password`)}
              name="confirmation"
              type="password"
              autoComplete="new-password"
              value={values.confirmation}
              error={fieldError(errors.confirmation)}
              onChange={(e) => actor.send({ type: 'reset.field.change', name: 'confirmation', value: e.currentTarget.value })}
            />
            <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
              <Trans>Save the new password</Trans>
            </Button>
          </Form>
        ) : null}
        {view === 'invalid' || view === 'expired' ? (
          <div className={stack}>
            <Alert tone="error" data-testid="reset-token-problem" data-problem={view}>
              {view === 'expired' ? (
                <Trans>This link has expired: a link works for an hour. Ask for a new one.</Trans>
              ) : (
                <Trans>This link is not valid: it may have been used already or copied incompletely. Ask for a new one.</Trans>
              )}
            </Alert>
            <Button variant="primary" size="lg" fullWidth onClick={() => actor.send({ type: 'reset.requestNew' })}>
              <Trans>Get a new link</Trans>
            </Button>
          </div>
        ) : null}
        {view === 'done' ? (
          <div className={stack}>
            <Alert tone="success" data-testid="reset-done">
              <Trans>Your password has been changed. Log in with the new password.</Trans>
            </Alert>
            <Button variant="primary" size="lg" fullWidth onClick={() => actor.send({ type: 'reset.login' })}>
              <Trans>Log in</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  )
}
