import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { button, card as cardRecipe, textLink } from 'styled-system/recipes'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { contactConfirmationMachine } from '../../../machines/profile/contact-confirmation/contact-confirmation.machine'
import {
  selectCanSend,
  selectConfirmationAlert,
  selectConfirmationDataState,
  selectConfirmationErrors,
  selectConfirmationValues,
  selectConfirmationView,
  selectConfirmsPhone,
  selectContactLocked,
  selectIsSending,
  selectIsSubmitting,
  selectOffersSend,
  selectResendIn,
  selectSentTo,
} from '../../../machines/profile/contact-confirmation/contact-confirmation.selectors'
import { CONTACT_CONFIRMED, type ConfirmationMessageId } from '../../../machines/profile/contact-confirmation/contact-confirmation.types'
import { CONFIRMATION_LINK_PARAMS } from '../../../services/api/contract/account'
import { translate } from '../../../services/i18n/i18n'
import type { ValidationError } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { useAppSelector, useDialogs } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { AUTH_DIALOG_ID } from '../../auth/auth-popup/AuthPopupShell.ids'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { Skeleton } from '../../kit/Skeleton'

type ConfirmationRef = ActorRefFrom<typeof contactConfirmationMachine>

const card = cx(cardRecipe(), css({ maxW: '480px', w: 'full' }))
const muted = css({ color: 'textMuted' })
const linkButton = cx(textLink(), css({ minH: '11', fontWeight: 'semibold' }))
const actionLink = cx(button({ variant: 'primary' }), css({ justifySelf: 'start' }))
const codeInput = css({ '& input': { fontFamily: 'mono', letterSpacing: '0.2em', fontSize: 'lg' } })

const ALERTS: Record<ConfirmationMessageId, MessageDescriptor> = {
  tooManyRequests: msg`Too many attempts. Please wait a moment and try again.`,
  loginToSend: msg`Log in to get a new code.`,
  somethingWrong: msg`Something went wrong. Please try again.`,
}
const retryIn = msg`Too many attempts. Try again in {seconds} seconds.`

/** The server's verdicts on the code and the address, said plainly instead of 'Wrong field value'. */
const SERVER_CODE_MESSAGES: Record<string, MessageDescriptor> = {
  invalid: msg`This code is not right. Check the mail and try again.`,
  expired: msg`This code has expired. Ask for a new one.`,
  attempts: msg`Too many wrong codes. Ask for a new one.`,
}
const NOT_YOUR_ADDRESS = msg`This is not the e-mail address of your account.`
const NOT_YOUR_PHONE = msg`This is not the phone number of your account.`
const WRONG_SMS_CODE = msg`This code is not right. Check the text message and try again.`

function useFieldError(phone: boolean) {
  const { i18n } = useLingui()
  return (field: 'contact' | 'code', error: ValidationError | undefined): string | undefined => {
    if (!error) return undefined
    const code = error.values?.['code']
    if (error.rule === 'server' && typeof code === 'string') {
      if (field === 'contact' && code === 'invalid') return i18n._(phone ? NOT_YOUR_PHONE : NOT_YOUR_ADDRESS)
      if (field === 'code' && phone && code === 'invalid') return i18n._(WRONG_SMS_CODE)
      if (field === 'code' && SERVER_CODE_MESSAGES[code]) return i18n._(SERVER_CODE_MESSAGES[code])
    }
    return translateError(i18n, error)
  }
}

/** The address and code of the mail's link (`#contact=...&code=...`), read once; null without them. */
function linkFromHash(hash: string): { contact: string; code: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const contact = params.get(CONFIRMATION_LINK_PARAMS.contact)
  const code = params.get(CONFIRMATION_LINK_PARAMS.code)
  return contact && code ? { contact, code } : null
}

/**
 * SPEC §2.1 /confirmation: confirms the player's e-mail with the code from the mail (or, with
 * ?contact=phone, the phone with the code texted to it), typed or carried by the message's link,
 * and leaves for /confirmation/success.
 */
export function ContactConfirmation() {
  const navigate = useNavigate()
  const [query] = useSearchParams()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const actor = useFlowActor(contactConfirmationMachine, { input: { loggedIn, kind: query.get('contact') === 'phone' ? 'phone' : 'email' } })

  // The flow says when the contact is confirmed; the router is React's, so the page moves on here.
  useEffect(() => {
    const subscription = actor.on(CONTACT_CONFIRMED, () => void navigate(selectConfirmsPhone(actor.getSnapshot()) ? '/confirmation/success?contact=phone' : '/confirmation/success'))
    return () => subscription.unsubscribe()
  }, [actor, navigate])

  // The link's code sits in the fragment, which never reaches the server: read it here, hand it to
  // the flow, and take it out of the address bar so it is not left in the history. On load, and
  // when the link is opened over this very page (only the fragment changes: no load).
  useEffect(() => {
    const follow = () => {
      const link = linkFromHash(window.location.hash)
      if (!link) return
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
      actor.send({ type: 'confirmation.link', ...link })
    }
    follow()
    window.addEventListener('hashchange', follow)
    return () => window.removeEventListener('hashchange', follow)
  }, [actor])

  return <ConfirmationView actor={actor} />
}

function ConfirmationView({ actor }: { actor: ConfirmationRef }) {
  const view = useSelector(actor, selectConfirmationView)
  const phone = useSelector(actor, selectConfirmsPhone)
  const dataState = useSelector(actor, selectConfirmationDataState)
  return (
    <div className={card} data-testid="confirmation" data-state={dataState}>
      {view === 'loading' ? (
        <div aria-busy="true" className={css({ display: 'grid', gap: '4' })}>
          <Skeleton height={20} radius="sm" />
          <Skeleton height={44} radius="md" />
          <Skeleton height={44} radius="md" />
          <Skeleton height={48} radius="md" />
        </div>
      ) : view === 'form' ? (
        <ConfirmationForm actor={actor} />
      ) : view === 'alreadyConfirmed' ? (
        <>
          <p role="status" data-testid="confirmation-already">
            {phone ? <Trans>Your phone number is confirmed already. Nothing more to do.</Trans> : <Trans>Your e-mail address is confirmed already. Nothing more to do.</Trans>}
          </p>
          <Link className={actionLink} to="/cashier/withdraw">
            <Trans>Go to withdrawal</Trans>
          </Link>
        </>
      ) : (
        <p role="status">
          <Trans>Confirmed. One moment…</Trans>
        </p>
      )}
    </div>
  )
}

function ConfirmationForm({ actor }: { actor: ConfirmationRef }) {
  const { i18n } = useLingui()
  const dialogs = useDialogs()
  const phone = useSelector(actor, selectConfirmsPhone)
  const fieldError = useFieldError(phone)
  const values = useSelector(actor, selectConfirmationValues)
  const errors = useSelector(actor, selectConfirmationErrors)
  const alert = useSelector(actor, selectConfirmationAlert)
  const locked = useSelector(actor, selectContactLocked)
  const submitting = useSelector(actor, selectIsSubmitting)
  const sending = useSelector(actor, selectIsSending)
  const canSend = useSelector(actor, selectCanSend)
  const offersSend = useSelector(actor, selectOffersSend)
  const resendIn = useSelector(actor, selectResendIn)
  const sentTo = useSelector(actor, selectSentTo)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'confirmation.submit' })
  }
  const openLogin = () => dialogs.send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: 'authorization' } } })
  const email = values.contact
  return (
    <Form flow={actor} className={css({ display: 'grid', gap: '4' })} onSubmit={submit} data-testid="confirmation-form">
      <p className={muted}>
        {locked && phone ? (
          <Trans>
            Enter the 6-digit code from the text message we sent to <strong>{email}</strong>, or open the link in it.
          </Trans>
        ) : locked ? (
          <Trans>
            Enter the 6-digit code from the mail we sent to <strong>{email}</strong>, or open the link in that mail.
          </Trans>
        ) : (
          <Trans>Enter your e-mail address and the 6-digit code from the mail we sent you, or open the link in that mail.</Trans>
        )}
      </p>
      {sentTo ? (
        <Alert tone="success" data-testid="confirmation-sent">
          <Trans>We sent a new code to {sentTo}. It works for 24 hours.</Trans>
        </Alert>
      ) : null}
      {alert ? (
        <Alert tone="error" data-testid="confirmation-alert" data-message-id={alert.messageId}>
          {alert.messageId === 'tooManyRequests' && alert.retryAfterSec
            ? translate(i18n, retryIn, { seconds: alert.retryAfterSec })
            : i18n._(ALERTS[alert.messageId])}
        </Alert>
      ) : null}
      <Input
        label={phone ? i18n._(msg`Phone`) : i18n._(msg`E-mail`)}
        name="contact"
        type={phone ? 'tel' : 'email'}
        autoComplete={phone ? 'tel' : 'email'}
        readOnly={locked}
        value={values.contact}
        error={fieldError('contact', errors.contact)}
        onChange={(e) => actor.send({ type: 'confirmation.field.change', name: 'contact', value: e.currentTarget.value })}
      />
      <Input
        className={codeInput}
        label={i18n._(msg`Code`)}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        hint={i18n._(msg`6 digits`)}
        value={values.code}
        error={fieldError('code', errors.code)}
        onChange={(e) => actor.send({ type: 'confirmation.field.change', name: 'code', value: e.currentTarget.value })}
      />
      <Button type="submit" variant="primary" size="lg" fullWidth loading={submitting} data-testid="confirmation-submit">
        <Trans>Confirm</Trans>
      </Button>
      {offersSend ? (
        <button type="button" className={linkButton} disabled={!canSend && !sending} aria-busy={sending || undefined} onClick={() => actor.send({ type: 'confirmation.send' })} data-testid="confirmation-send">
          {resendIn > 0 ? <Trans>New code available in {resendIn} s</Trans> : <Trans>Send a new code</Trans>}
        </button>
      ) : (
        <button type="button" className={linkButton} onClick={openLogin}>
          <Trans>No code? Log in to get a new one</Trans>
        </button>
      )}
    </Form>
  )
}
