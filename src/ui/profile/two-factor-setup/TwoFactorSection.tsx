import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe, textLink } from 'styled-system/recipes'
import { selectAccount, selectFeature, type AppSnapshot } from '../../../machines/app/app/app.selectors'
import { twoFactorSetupMachine } from '../../../machines/profile/two-factor-setup/two-factor-setup.machine'
import { groupSecret } from '../../../machines/profile/two-factor-setup/two-factor-setup.rules'
import {
  selectAlert,
  selectCode,
  selectCopied,
  selectCopying,
  selectFieldErrors,
  selectIsBusy,
  selectPassword,
  selectPending,
  selectRecoveryCodes,
  selectTwoFactorDataState,
  selectTwoFactorView,
} from '../../../machines/profile/two-factor-setup/two-factor-setup.selectors'
import { TWO_FACTOR_STATUS_CHANGED, type TwoFactorMessageId } from '../../../machines/profile/two-factor-setup/two-factor-setup.types'
import { translate } from '../../../services/i18n/i18n'
import { translateError } from '../../../shared/validation/messages'
import { useAppActor, useAppSelector } from '../../app/AppProviders'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { useFlowActor } from '../../app/useFlowActor'

type SetupRef = ActorRefFrom<typeof twoFactorSetupMachine>

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px' }))
const head = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
const title = css({ textStyle: 'title' })
const badge = css({ px: '2.5', py: '0.5', borderRadius: 'full', fontSize: 'sm', fontWeight: 'semibold', border: '1px solid' })
const badgeOn = css({ color: 'success', borderColor: 'success' })
const badgeOff = css({ color: 'textMuted', borderColor: 'border' })
const muted = css({ color: 'textMuted' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })
const step = css({ display: 'grid', gap: '2' })
const stepTitle = css({ fontWeight: 'semibold' })
const secretBox = css({
  fontFamily: 'mono', fontSize: { base: 'md', tablet: 'lg' }, letterSpacing: '0.05em', p: '3', borderRadius: 'md', bg: 'surfaceRaised',
  border: '1px solid', borderColor: 'border', wordBreak: 'break-word', userSelect: 'all',
})
const link = textLink()
const qrImage = css({ width: '200px', height: '200px', borderRadius: 'md', bg: 'white' })
const codeList = css({
  display: 'grid', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' }, gap: '2', fontFamily: 'mono', fontSize: 'md', p: '3',
  borderRadius: 'md', bg: 'surfaceRaised', border: '1px solid', borderColor: 'border', listStyle: 'none',
})

const ALERTS: Record<TwoFactorMessageId, MessageDescriptor> = {
  wrongPassword: msg`Wrong password. Check it and try again.`,
  codeInvalid: msg`The code is invalid. Check your authenticator app and try again.`,
  codeExpired: msg`Time expired. Enter the code your app shows now.`,
  tooManyRequests: msg`Too many attempts. Please wait a moment and try again.`,
  notPending: msg`This set-up has expired. Start again.`,
  somethingWrong: msg`Something went wrong. Please try again.`,
  copyFailed: msg`Copying did not work. Select the codes and copy them by hand.`,
}
const retryIn = msg`Too many attempts. Try again in {seconds} seconds.`

function SetupAlert({ actor }: { actor: SetupRef }) {
  const { i18n } = useLingui()
  const alert = useSelector(actor, selectAlert)
  if (!alert) return null
  const text =
    alert.messageId === 'tooManyRequests' && alert.retryAfterSec ? translate(i18n, retryIn, { seconds: alert.retryAfterSec }) : i18n._(ALERTS[alert.messageId])
  return (
    <Alert tone="error" data-testid="twofa-setup-alert" data-message-id={alert.messageId}>
      {text}
    </Alert>
  )
}

type SetupEvent = Parameters<SetupRef['send']>[0]

/**
 * The three steps that ask for something (password, code to turn on, code to turn off): a form
 * whose submit sends one event, the alert, and a submit button beside Cancel.
 */
function StepForm({
  actor,
  submitEvent,
  submitLabel,
  submitTestId,
  danger = false,
  children,
}: {
  actor: SetupRef
  submitEvent: SetupEvent
  submitLabel: ReactNode
  submitTestId: string
  danger?: boolean
  children: ReactNode
}) {
  const busy = useSelector(actor, selectIsBusy)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send(submitEvent)
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit}>
      {children}
      <div className={actions}>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy} data-testid={submitTestId}>
          {submitLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'twofa.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  )
}

const selectOffered = selectFeature('twoFactor')
const selectEnabled = (s: AppSnapshot) => selectAccount(s).two_factor_auth

/**
 * Two-factor authentication on the security page. Where the site config switches it off, no set-up
 * is offered, but a player who has it on still sees it and may turn it off (the server checks it at
 * login all the same); once shown, the card stays for the page's life.
 */
export function TwoFactorSection() {
  const offered = useAppSelector(selectOffered)
  const enabled = useAppSelector(selectEnabled)
  const [shownAtStart] = useState(offered || enabled)
  if (!offered && !enabled && !shownAtStart) return null
  return <TwoFactorCard offered={offered} enabled={enabled} />
}

/** SPEC §1 profile security: two-factor authentication on or off, set up with an authenticator app. */
function TwoFactorCard({ offered, enabled }: { offered: boolean; enabled: boolean }) {
  const app = useAppActor()
  const actor = useFlowActor(twoFactorSetupMachine, { input: { enabled } })
  // Two-factor went on or off: the root actor re-reads the session's account info.
  useEffect(() => {
    const subscription = actor.on(TWO_FACTOR_STATUS_CHANGED, () => app.send({ type: 'session.refresh' }))
    return () => subscription.unsubscribe()
  }, [actor, app])
  const view = useSelector(actor, selectTwoFactorView)
  const dataState = useSelector(actor, selectTwoFactorDataState)
  const on = view === 'on' || view === 'disable' || view === 'codes'
  return (
    <section className={card} aria-labelledby="twofa-title" data-testid="twofa-setup" data-state={dataState}>
      <div className={head}>
        <h2 id="twofa-title" className={title}>
          <Trans>Two-factor authentication</Trans>
        </h2>
        <span className={`${badge} ${on ? badgeOn : badgeOff}`} data-testid="twofa-status" data-enabled={on}>
          {on ? <Trans>On</Trans> : <Trans>Off</Trans>}
        </span>
      </div>
      {view === 'off' ? (
        offered ? (
          <OffPanel actor={actor} />
        ) : (
          <p className={muted} data-testid="twofa-not-offered">
            <Trans>Two-factor authentication is not offered on this site.</Trans>
          </p>
        )
      ) : null}
      {view === 'password' ? <PasswordPanel actor={actor} /> : null}
      {view === 'scan' ? <ScanPanel actor={actor} /> : null}
      {view === 'codes' ? <CodesPanel actor={actor} /> : null}
      {view === 'on' ? <OnPanel actor={actor} /> : null}
      {view === 'disable' ? <DisablePanel actor={actor} /> : null}
    </section>
  )
}

function OffPanel({ actor }: { actor: SetupRef }) {
  return (
    <>
      <p className={muted}>
        <Trans>Protect your account with a second step at login: a 6-digit code from an authenticator app on your phone.</Trans>
      </p>
      <SetupAlert actor={actor} />
      <div className={actions}>
        <Button variant="primary" data-testid="twofa-enable" onClick={() => actor.send({ type: 'twofa.enable' })}>
          <Trans>Enable</Trans>
        </Button>
      </div>
    </>
  )
}

function PasswordPanel({ actor }: { actor: SetupRef }) {
  const { i18n } = useLingui()
  const password = useSelector(actor, selectPassword)
  const errors = useSelector(actor, selectFieldErrors)
  return (
    <StepForm actor={actor} submitEvent={{ type: 'twofa.password.submit' }} submitLabel={<Trans>Continue</Trans>} submitTestId="twofa-continue">
      <p className={muted}>
        <Trans>Enter your password to continue.</Trans>
      </p>
      <SetupAlert actor={actor} />
      <Input
        label={i18n._(msg`Password`)}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password ? translateError(i18n, errors.password) : undefined}
        onChange={(e) => actor.send({ type: 'twofa.password.change', value: e.currentTarget.value })}
      />
    </StepForm>
  )
}

function CodeInput({ actor, label, recovery = false }: { actor: SetupRef; label: MessageDescriptor; recovery?: boolean }) {
  const { i18n } = useLingui()
  const code = useSelector(actor, selectCode)
  const errors = useSelector(actor, selectFieldErrors)
  return (
    <Input
      label={i18n._(label)}
      name="code"
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      maxLength={recovery ? 32 : 6}
      value={code}
      error={errors.code ? translateError(i18n, errors.code) : undefined}
      onChange={(e) => actor.send({ type: 'twofa.code.change', code: e.currentTarget.value })}
    />
  )
}

function ScanPanel({ actor }: { actor: SetupRef }) {
  const { i18n } = useLingui()
  const pending = useSelector(actor, selectPending)
  if (!pending) return null
  return (
    <StepForm actor={actor} submitEvent={{ type: 'twofa.confirm' }} submitLabel={<Trans>Turn on</Trans>} submitTestId="twofa-turn-on">
      <div className={step}>
        <p className={stepTitle}>
          <Trans>1. Add this key to your authenticator app</Trans>
        </p>
        {pending.qr ? (
          <>
            <p className={muted}>
              <Trans>Scan this code with the app, or enter the key below in it (spaces do not matter), or open the link on this phone.</Trans>
            </p>
            <img className={qrImage} src={pending.qr} width={200} height={200} alt={i18n._(msg`QR code of your two-factor key, for your authenticator app`)} data-testid="twofa-qr" />
          </>
        ) : (
          <p className={muted}>
            <Trans>In the app, choose to enter a setup key and type this one (spaces do not matter), or open the link on this phone.</Trans>
          </p>
        )}
        <p className={secretBox} data-testid="twofa-secret" data-secret={pending.secret}>
          {groupSecret(pending.secret)}
        </p>
        <a className={link} href={pending.otpauthUri} data-testid="twofa-otpauth">
          <Trans>Open in authenticator app</Trans>
        </a>
      </div>
      <div className={step}>
        <p className={stepTitle}>
          <Trans>2. Enter the 6-digit code the app shows</Trans>
        </p>
        <SetupAlert actor={actor} />
        <CodeInput actor={actor} label={msg`Code`} />
      </div>
    </StepForm>
  )
}

function CodesPanel({ actor }: { actor: SetupRef }) {
  const codes = useSelector(actor, selectRecoveryCodes)
  const copied = useSelector(actor, selectCopied)
  const copying = useSelector(actor, selectCopying)
  return (
    <div className={form}>
      <p role="status">
        <Trans>Two-factor authentication is on.</Trans>
      </p>
      <p className={stepTitle}>
        <Trans>Save your recovery codes</Trans>
      </p>
      <p className={muted}>
        <Trans>Each code logs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.</Trans>
      </p>
      <ul className={codeList} data-testid="twofa-recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <SetupAlert actor={actor} />
      <div className={actions}>
        <Button variant="secondary" loading={copying} data-testid="twofa-copy" data-copied={copied} onClick={() => actor.send({ type: 'twofa.codes.copy' })}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy codes</Trans>}
        </Button>
        <Button variant="primary" data-testid="twofa-codes-done" onClick={() => actor.send({ type: 'twofa.codes.done' })}>
          <Trans>I have saved them</Trans>
        </Button>
      </div>
    </div>
  )
}

function OnPanel({ actor }: { actor: SetupRef }) {
  return (
    <>
      <p className={muted}>
        <Trans>At login you enter a code from your authenticator app, or one of your recovery codes.</Trans>
      </p>
      <SetupAlert actor={actor} />
      <div className={actions}>
        <Button variant="danger" data-testid="twofa-disable" onClick={() => actor.send({ type: 'twofa.disable' })}>
          <Trans>Disable</Trans>
        </Button>
      </div>
    </>
  )
}

function DisablePanel({ actor }: { actor: SetupRef }) {
  return (
    <StepForm actor={actor} submitEvent={{ type: 'twofa.disable.submit' }} submitLabel={<Trans>Turn off</Trans>} submitTestId="twofa-turn-off" danger>
      <p className={muted}>
        <Trans>To turn two-factor authentication off, enter the code your app shows now, or one of your recovery codes.</Trans>
      </p>
      <SetupAlert actor={actor} />
      <CodeInput actor={actor} label={msg`Code or recovery code`} recovery />
    </StepForm>
  )
}
