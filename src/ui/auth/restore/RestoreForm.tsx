import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import {
  selectCanSubmitRestore,
  selectRestoreAlert,
  selectRestoreBusy,
  selectRestoreDataState,
  selectRestoreErrors,
  selectRestoreLogin,
  selectRestoreView,
  selectRestoreWait,
  selectSentTo,
} from '../../../machines/auth/restore/restore.selectors'
import { translate } from '../../../services/i18n/i18n'
import { translateError } from '../../../shared/validation/messages'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { restoreMachine } from '../../../machines/auth/restore/restore.machine'
import { useFlowActor } from '../../app/useFlowActor'

const form = css({ display: 'grid', gap: '4', mt: '2' })
const muted = css({ color: 'textMuted', fontSize: 'sm' })
const linkButton = textLink()

const waitMessage = msg`Too many requests. You can ask for a new link in {seconds} s.`
const somethingWrong = msg`Something went wrong. Please try again.`

/**
 * SPEC §2.3 restore view: the login or e-mail, then one answer whatever the account. The popup
 * shell keeps the back link to authorization below it.
 */
export function RestoreForm() {
  const { i18n } = useLingui()
  const actor = useFlowActor(restoreMachine)
  const view = useSelector(actor, selectRestoreView)
  const login = useSelector(actor, selectRestoreLogin)
  const errors = useSelector(actor, selectRestoreErrors)
  const alert = useSelector(actor, selectRestoreAlert)
  const busy = useSelector(actor, selectRestoreBusy)
  const wait = useSelector(actor, selectRestoreWait)
  const canSubmit = useSelector(actor, selectCanSubmitRestore)
  const sentTo = useSelector(actor, selectSentTo)
  const dataState = useSelector(actor, selectRestoreDataState)

  if (view === 'sent') {
    return (
      <Alert
        tone="success"
        data-state={dataState}
        data-testid="restore-sent"
        action={
          <button type="button" className={linkButton} onClick={() => actor.send({ type: 'restore.again' })}>
            <Trans>Send the link again</Trans>
          </button>
        }
      >
        <p>
          <Trans>
            If an account matches <strong>{sentTo}</strong>, we have sent it a link to set a new password. The link works
            once, for an hour.
          </Trans>
        </p>
        <p className={muted}>
          <Trans>No mail after a few minutes? Check your spam folder, or ask again.</Trans>
        </p>
      </Alert>
    )
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'restore.submit' })
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-state={dataState} data-testid="restore-form">
      <p className={muted}>
        <Trans>Enter the e-mail, phone or login of your account. We will mail you a link to set a new password.</Trans>
      </p>
      {alert ? (
        <Alert tone="error" data-testid="restore-alert" data-message-id={alert.messageId}>
          {alert.messageId === 'tooManyRequests' ? translate(i18n, waitMessage, { seconds: wait }) : i18n._(somethingWrong)}
        </Alert>
      ) : null}
      <Input
        label={i18n._(msg`E-mail, phone or login`)}
        name="login"
        autoComplete="username"
        value={login}
        error={errors.login ? translateError(i18n, errors.login) : undefined}
        onChange={(e) => actor.send({ type: 'restore.field.change', value: e.currentTarget.value })}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy} disabled={!busy && !canSubmit}>
        <Trans>Send the link</Trans>
      </Button>
    </Form>
  )
}
