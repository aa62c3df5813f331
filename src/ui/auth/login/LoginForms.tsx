import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { translate } from '../../../services/i18n/i18n'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import type { loginMachine } from '../../../machines/auth/login/login.machine'
import {
  selectCanGoBack,
  selectCanResend,
  selectCode,
  selectFieldErrors,
  selectIsBusy,
  selectLoginAlert,
  selectLoginDataState,
  selectLoginValues,
  selectResendSeconds,
} from '../../../machines/auth/login/login.selectors'
import type { LoginAlert, LoginMessageId } from '../../../machines/auth/login/login.types'
import { formatDateTime } from '../../../shared/format'
import { translateError } from '../../../shared/validation/messages'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'

export type LoginRef = ActorRefFrom<typeof loginMachine>

const form = css({ display: 'grid', gap: '4', mt: '2' })
const strong = css({ fontWeight: 'semibold' })
const linkButton = textLink()

/** SPEC §8 texts for the flow's alerts; the machine only names them. */
const ALERTS: Record<LoginMessageId, MessageDescriptor> = {
  wrongEnter: msg`Wrong login or password. Check them and try again.`,
  tooManyRequests: msg`Too many attempts. Please wait a moment and try again.`,
  twoFactorInvalid: msg`The code is invalid. Check your authenticator app and try again.`,
  twoFactorExpired: msg`Time expired. Enter the code your app shows now.`,
  twoFactorSomethingWrong: msg`Something went wrong. Please try again.`,
  selfExcluded: msg`Your account is self-excluded permanently, so you cannot log in. Contact support if you have questions.`,
  timedOut: msg`You are taking a break from play, so you cannot log in yet.`,
}
const selfExcludedUntil = msg`Your account is self-excluded. You can log in again from:`
const timedOutUntil = msg`You are taking a break from play. You can log in again from:`
const retryIn = msg`Too many attempts. Try again in {seconds} seconds.`

function AlertMessage({ alert }: { alert: LoginAlert | null }) {
  const { i18n } = useLingui()
  if (!alert) return null
  if ((alert.messageId === 'selfExcluded' || alert.messageId === 'timedOut') && alert.until) {
    // The end of the period on a line of its own, in the SPEC §9 date format of the page's locale.
    return (
      <Alert tone="error" data-testid="login-alert" data-message-id={alert.messageId}>
        <p>
          {i18n._(alert.messageId === 'timedOut' ? timedOutUntil : selfExcludedUntil)}
          <br />
          <time className={strong} dateTime={alert.until} data-testid="self-excluded-until">
            {formatDateTime(alert.until, i18n.locale)}
          </time>
        </p>
      </Alert>
    )
  }
  const text = alert.messageId === 'tooManyRequests' && alert.retryAfterSec ? translate(i18n, retryIn, { seconds: alert.retryAfterSec }) : i18n._(ALERTS[alert.messageId])
  return (
    <Alert tone="error" data-testid="login-alert" data-message-id={alert.messageId}>
      {text}
    </Alert>
  )
}

/** SPEC §2.3 authorization view: login and password. */
export function LoginForm({ actor }: { actor: LoginRef }) {
  const { i18n } = useLingui()
  const values = useSelector(actor, selectLoginValues)
  const errors = useSelector(actor, selectFieldErrors)
  const busy = useSelector(actor, selectIsBusy)
  const alert = useSelector(actor, selectLoginAlert)
  const dataState = useSelector(actor, selectLoginDataState)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'login.submit' })
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-state={dataState} data-testid="login-form">
      <AlertMessage alert={alert} />
      <Input
        label={i18n._(msg`E-mail or phone`)}
        name="login"
        autoComplete="username"
        value={values.login}
        error={errors.login ? translateError(i18n, errors.login) : undefined}
        onChange={(e) => actor.send({ type: 'login.field.change', name: 'login', value: e.currentTarget.value })}
      />
      <Input
        label={i18n._(msg`Password`)}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password ? translateError(i18n, errors.password) : undefined}
        onChange={(e) => actor.send({ type: 'login.field.change', name: 'password', value: e.currentTarget.value })}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        <Trans>Log in</Trans>
      </Button>
    </Form>
  )
}

/** SPEC §2.3 twofa view: the code, the resend countdown and the way back. */
export function TwoFactorForm({ actor }: { actor: LoginRef }) {
  const { i18n } = useLingui()
  const code = useSelector(actor, selectCode)
  const errors = useSelector(actor, selectFieldErrors)
  const busy = useSelector(actor, selectIsBusy)
  const alert = useSelector(actor, selectLoginAlert)
  const canResend = useSelector(actor, selectCanResend)
  const seconds = useSelector(actor, selectResendSeconds)
  const canGoBack = useSelector(actor, selectCanGoBack)
  const dataState = useSelector(actor, selectLoginDataState)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'otp.submit' })
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-state={dataState} data-testid="twofa-form">
      <p>
        <Trans>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Trans>
      </p>
      <AlertMessage alert={alert} />
      <Input
        label={i18n._(msg`Code`)}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        error={errors.code ? translateError(i18n, errors.code) : undefined}
        onChange={(e) => actor.send({ type: 'otp.change', code: e.currentTarget.value })}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        <Trans>Confirm</Trans>
      </Button>
      <button type="button" className={linkButton} disabled={!canResend} onClick={() => actor.send({ type: 'otp.resend' })}>
        {canResend ? <Trans>Send a new code</Trans> : <Trans>New code available in {seconds} s</Trans>}
      </button>
      {canGoBack ? (
        <button type="button" className={linkButton} onClick={() => actor.send({ type: 'login.back' })}>
          <Trans>Back to log in</Trans>
        </button>
      ) : null}
    </Form>
  )
}
