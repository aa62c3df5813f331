import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { button, card, muted } from 'styled-system/recipes'
import { fillProfileHref } from '../../../machines/profile/profile-settings/return-path'
import { verificationMachine } from '../../../machines/profile/verification/verification.machine'
import {
  selectLoadFailed,
  selectMissingFields,
  selectSdk,
  selectVerificationAlert,
  selectVerificationBusy,
  selectVerificationDataState,
  selectVerificationState,
  selectVerificationStep,
  type VerificationStep,
} from '../../../machines/profile/verification/verification.selectors'
import { SDK_EVENTS, VERIFICATION_CHANGED, type VerificationMessageId } from '../../../machines/profile/verification/verification.types'
import { KYC_SDK_MESSAGES, KYC_SDK_SOURCE, type KycSdkMessage } from '../../../services/api/contract/verification'
import { formatDateTime } from '../../../shared/format'
import { useAppActor } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { FIELD_LABELS } from '../field-labels'

const title = css({ textStyle: 'title' })
const body = css({ display: 'grid', gap: '4' })
const steps = css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '2', listStyle: 'none', p: '0', m: '0', fontSize: 'sm', counterReset: 'step' })
const stepItem = css({
  pt: '2',
  borderTopWidth: '3px',
  borderTopColor: 'border',
  color: 'fg.muted',
  counterIncrement: 'step',
  _before: { content: 'counter(step) ". "' },
  '&[data-reached]': { borderTopColor: 'accent', color: 'fg' },
  '&[aria-current=step]': { fontWeight: 'semibold' },
})
const frame = css({ width: '100%', height: { base: '640px', tablet: '780px' }, border: '0', borderRadius: 'md', bg: 'bg.subtle' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })
const list = css({ m: '0', pl: '5' })

/** Where the fill-profile prompt sends the player, and back here once the details are saved. */
const FILL_PROFILE_HREF = fillProfileHref('/profile/verification', 'fill_for_verification')

const ALERTS: Record<VerificationMessageId, MessageDescriptor> = {
  loadFailed: msg`We could not load your verification status.`,
  startFailed: msg`Verification could not start. Please try again.`,
  unavailable: msg`Verification is not available right now. Please try again later.`,
  submitFailed: msg`We could not record that your documents were sent. Send them again, or try later.`,
  notSubmitted: msg`Your documents have not reached our verification partner yet. Upload them and send them for review.`,
}

const DOCUMENTS: Record<string, MessageDescriptor> = {
  passport: msg`Passport`,
  id_card: msg`Identity card`,
  driving_licence: msg`Driving licence`,
}

const STEP_NAMES: readonly { step: Exclude<VerificationStep, 'profile' | 'change'>; label: MessageDescriptor }[] = [
  { step: 'start', label: msg`Start` },
  { step: 'verification', label: msg`Documents` },
  { step: 'completed', label: msg`Review` },
]

const isSdkMessage = (value: unknown): value is KycSdkMessage => typeof value === 'string' && (KYC_SDK_MESSAGES as readonly string[]).includes(value)

/**
 * /profile/verification (SPEC §4 'Identity verification flow steps'): the check's steps, the
 * provider's SDK in a frame while documents are sent, and where the review stands. The provider's
 * webhook decides on the server; this page shows what the server answers.
 */
export function VerificationSection() {
  const { i18n } = useLingui()
  const app = useAppActor()
  const actor = useFlowActor(verificationMachine)
  const step = useSelector(actor, selectVerificationStep)
  const state = useSelector(actor, selectVerificationState)
  const sdk = useSelector(actor, selectSdk)
  const alert = useSelector(actor, selectVerificationAlert)
  const busy = useSelector(actor, selectVerificationBusy)
  const missing = useSelector(actor, selectMissingFields)
  const loadFailed = useSelector(actor, selectLoadFailed)
  const dataState = useSelector(actor, selectVerificationDataState)
  const frameRef = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    const subscription = actor.on(VERIFICATION_CHANGED, () => app.send({ type: 'session.refresh' }))
    return () => subscription.unsubscribe()
  }, [actor, app])

  // The SDK's frame tells what happened in it; only our own frame, from the SDK's origin, is heard.
  useEffect(() => {
    if (!sdk) return
    const origin = new URL(sdk.url, window.location.href).origin
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return
      const data = event.data as { source?: unknown; type?: unknown } | null
      if (data?.source !== KYC_SDK_SOURCE || !isSdkMessage(data.type)) return
      const forwarded = SDK_EVENTS[data.type]
      if (forwarded) actor.send(forwarded)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [actor, sdk])

  const start = (label: MessageDescriptor, testId: string) => (
    <div className={actions}>
      <Button variant="primary" loading={busy} onClick={() => actor.send({ type: 'verification.start' })} data-testid={testId}>
        {i18n._(label)}
      </Button>
    </div>
  )
  const shownStep = step === 'change' || step === 'profile' ? 'start' : step
  const updated = state?.updated_at ? formatDateTime(state.updated_at, i18n.locale) : null

  return (
    <section className={card()} aria-labelledby="verification-title" data-testid="verification" data-state={dataState} data-status={state?.status ?? undefined} aria-busy={busy || undefined}>
      <h2 id="verification-title" className={title}>
        <Trans>Identity verification</Trans>
      </h2>
      <div className={body}>
        {shownStep ? (
          <ol className={steps} aria-label={i18n._(msg`Verification steps`)}>
            {STEP_NAMES.map(({ step: s, label }, i) => (
              <li key={s} className={stepItem} aria-current={s === shownStep ? 'step' : undefined} data-reached={i <= STEP_NAMES.findIndex((n) => n.step === shownStep) || undefined}>
                {i18n._(label)}
              </li>
            ))}
          </ol>
        ) : null}
        {alert && alert !== 'loadFailed' ? (
          <Alert tone={alert === 'notSubmitted' ? 'warning' : 'error'} data-testid="verification-alert">
            {i18n._(ALERTS[alert])}
          </Alert>
        ) : null}
        {loadFailed ? <LoadFailed onRetry={() => actor.send({ type: 'verification.retry' })}>{i18n._(ALERTS.loadFailed)}</LoadFailed> : null}
        {step === null && !loadFailed ? <Skeleton height={160} radius="md" /> : null}

        {step === 'start' ? (
          <>
            <p>
              <Trans>To withdraw larger amounts we need to confirm who you are. You will take a photo of a passport, an identity card or a driving licence; it takes a few minutes.</Trans>
            </p>
            <p className={muted()}>
              <Trans>Your documents go to our verification partner and are used only to confirm your identity.</Trans>
            </p>
            {start(msg`Start verification`, 'verification-start')}
          </>
        ) : null}

        {step === 'profile' ? (
          <Alert
            tone="info"
            data-testid="verification-fill-profile"
            title={i18n._(msg`Fill in your details first`)}
            action={
              <div className={actions}>
                <Link to={FILL_PROFILE_HREF} className={button({ variant: 'primary', size: 'md' })} data-testid="verification-fill-profile-go">
                  <Trans>Fill in my details</Trans>
                </Link>
                <Button variant="secondary" loading={busy} onClick={() => actor.send({ type: 'verification.start' })}>
                  <Trans>Try again</Trans>
                </Button>
              </div>
            }
          >
            <p>
              <Trans>Your documents are checked against your profile. Please add:</Trans>
            </p>
            <ul className={list}>
              {missing.map((field) => (
                <li key={field}>{field in FIELD_LABELS ? i18n._(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field}</li>
              ))}
            </ul>
          </Alert>
        ) : null}

        {step === 'change' ? (
          <>
            <Alert tone="warning" data-testid="verification-resubmit" title={i18n._(msg`We need your documents again`)}>
              {state?.comment ? <p data-testid="verification-comment">{state.comment}</p> : null}
              {state?.reject_labels.length ? (
                <p>
                  {i18n._(msg`Send again:`)} {state.reject_labels.map((label) => (DOCUMENTS[label] ? i18n._(DOCUMENTS[label]) : label)).join(', ')}
                </p>
              ) : null}
            </Alert>
            {start(msg`Send documents again`, 'verification-restart')}
          </>
        ) : null}

        {step === 'completed' && state?.status === 'approved' ? (
          <Alert tone="success" data-testid="verification-approved" title={i18n._(msg`Your identity is verified`)}>
            <p>
              <Trans>You can withdraw without the verification limit.</Trans>{' '}
              {updated ? (
                <span className={muted()}>
                  <Trans>Verified on {updated}.</Trans>
                </span>
              ) : null}
            </p>
          </Alert>
        ) : null}
        {step === 'completed' && state?.status === 'rejected' ? (
          <Alert
            tone="error"
            role="status"
            data-testid="verification-rejected"
            title={i18n._(msg`We could not verify your identity`)}
            action={
              <Link to="/support" className={button({ variant: 'secondary', size: 'md' })}>
                <Trans>Contact support</Trans>
              </Link>
            }
          >
            {state.comment ? <p data-testid="verification-comment">{state.comment}</p> : null}
            <p>
              <Trans>This decision is final. Our support team can tell you more.</Trans>
            </p>
          </Alert>
        ) : null}
        {step === 'completed' && state?.status !== 'approved' && state?.status !== 'rejected' ? (
          <Alert tone="info" data-testid="verification-pending" title={i18n._(msg`We are checking your documents`)}>
            <p>
              <Trans>This usually takes a few minutes. This page updates by itself, and you can leave it meanwhile.</Trans>
            </p>
          </Alert>
        ) : null}

        {sdk ? (
          <iframe
            ref={frameRef}
            // A new token loads the SDK again; the token travels in the fragment, never to a server log.
            key={sdk.token}
            className={frame}
            src={`${sdk.url}#token=${encodeURIComponent(sdk.token)}`}
            title={i18n._(msg`Identity verification: upload your document`)}
            // A vendor's SDK takes a photo of the document (and a selfie) with the camera.
            allow="camera; microphone"
            data-testid="verification-sdk"
          />
        ) : null}
      </div>
    </section>
  )
}
