import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { Link, useSearchParams } from 'react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { unsubscribeMachine } from '../../../machines/profile/unsubscribe/unsubscribe.machine'
import { selectCanRetry, selectUnsubscribeDataState, selectUnsubscribeView } from '../../../machines/profile/unsubscribe/unsubscribe.selectors'
import { useAppSelector, useDialogs } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { AUTH_DIALOG_ID } from '../../auth/auth-popup/AuthPopupShell.ids'
import { Button } from '../../kit/Button'
import { Spinner } from '../../kit/Spinner'

const wrap = css({ maxW: '560px', mx: 'auto', py: { base: '12', tablet: '20' }, px: '4', textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' })
const heading = css({ textStyle: 'display', wordBreak: 'break-word' })
const text = css({ color: 'textMuted', fontSize: 'md' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })
const primaryLink = button({ variant: 'primary' })

/**
 * SPEC §2.1 /unsubscribe, §2.5: leaves the mailing list the mail's signed link names. It says
 * "unsubscribed" only when the server has recorded it; without a valid link it says so and
 * offers the e-mail settings (after a login, for a visitor).
 */
export function Unsubscribe() {
  const [params] = useSearchParams()
  const actor = useFlowActor(unsubscribeMachine, { input: { token: params.get('token') } })
  const view = useSelector(actor, selectUnsubscribeView)
  const dataState = useSelector(actor, selectUnsubscribeDataState)
  const canRetry = useSelector(actor, selectCanRetry)
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const dialogs = useDialogs()
  const openLogin = () => dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'authorization' } } })

  const settings = loggedIn ? (
    <Link className={primaryLink} to="/profile/notification">
      <Trans>Manage e-mail settings</Trans>
    </Link>
  ) : (
    <Button variant="primary" onClick={openLogin}>
      <Trans>Log in to manage your e-mails</Trans>
    </Button>
  )

  return (
    <section className={wrap} data-testid="unsubscribe" data-state={dataState} aria-busy={view === 'working' || undefined}>
      {view === 'working' ? (
        <>
          <Spinner />
          <h1 className={heading}>
            <Trans>Unsubscribing…</Trans>
          </h1>
        </>
      ) : view === 'done' ? (
        <>
          <h1 className={heading}>
            <Trans>You are unsubscribed</Trans>
          </h1>
          <p className={text} role="status">
            <Trans>You will no longer get our news and offers by e-mail. Mails about your account, such as security codes and payments, still come.</Trans>
          </p>
          <div className={actions}>{settings}</div>
        </>
      ) : view === 'failed' ? (
        <>
          <h1 className={heading}>
            <Trans>We could not unsubscribe you just now</Trans>
          </h1>
          <p className={text} role="alert">
            <Trans>Nothing has changed yet. Check your connection and try again.</Trans>
          </p>
          <div className={actions}>
            <Button variant="primary" disabled={!canRetry} onClick={() => actor.send({ type: 'unsubscribe.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      ) : (
        <>
          <h1 className={heading}>
            {view === 'invalid' ? <Trans>This unsubscribe link is not valid</Trans> : <Trans>This page needs the link from one of our mails</Trans>}
          </h1>
          <p className={text} role="alert">
            <Trans>Nothing has changed. Open the unsubscribe link at the end of one of our mails again, or choose the mails you get in your e-mail settings.</Trans>
          </p>
          <div className={actions}>{settings}</div>
        </>
      )}
    </section>
  )
}
