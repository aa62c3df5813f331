import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import { selectIsLoggedIn, selectLocale } from '../../machines/app/app/app.selectors'
import { loginMachine } from '../../machines/auth/login/login.machine'
import { selectLoginView } from '../../machines/auth/login/login.selectors'
import { isFramed, pickBackUrl, registrationRedirectUrl, BACK_URL_QUERY } from '../../services/frame/frame-messages'
import { localizePath } from '../../shared/locales'
import { useAppActor, useAppSelector } from '../app/AppProviders'
import { Alert } from '../kit/Alert'
import { Button } from '../kit/Button'
import { LoginForm, TwoFactorForm } from './login/LoginForms'
import { AuthPopupSkeleton } from './auth-popup/AuthPopupSkeleton'
import { useFrameBridge, type FrameBridge } from './auth-popup/useFrameBridge'
import { useFlowActor } from '../app/useFlowActor'

const RegistrationView = lazy(() => import('./registration/RegistrationForm'))

// The stand-alone /forms/sign_in and /forms/sign_up pages (SPEC §2.1, §2.3), in the empty layout and
// embeddable in a frame by our own pages and by FRAME_ALLOWLIST origins. Framed, they never
// navigate the frame away after success: they tell the parent (refresh_user, redirect), which owns
// the page. Opened on their own, they behave like the popup.

const card = css({
  w: 'full',
  maxW: '420px',
  mx: 'auto',
  p: { base: '5', tablet: '8' },
  borderRadius: 'lg',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  display: 'grid',
  gap: '3',
})
const heading = css({ textStyle: 'heading' })
const lead = css({ color: 'textMuted', fontSize: 'md' })
const links = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', mt: '2', fontSize: 'md' })
const link = textLink()

/** /forms/sign_in: the real login form and its two-factor step. */
export function EmbeddedSignIn() {
  const { t } = useLingui()
  const app = useAppActor()
  const bridge = useFrameBridge()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  // SPEC §2.3: embedded, the flow tells a framing parent (refresh_user) and the frame stays; alone,
  // it goes to the backUrl or the locale's home. No dialog stack is given: there is no popup to close.
  const login = useFlowActor(loginMachine, { input: { app, embedded: true } })
  const view = useSelector(login, selectLoginView)
  // Logged in here, or already when the page opened.
  const finished = view === 'done' || loggedIn
  return (
    <section className={card} data-testid="forms-sign-in" data-framed={bridge.framed ? 'true' : 'false'}>
      <h1 className={heading}>{view === 'twofa' ? t`Two-factor authentication` : t`Log in`}</h1>
      {finished ? (
        <Alert tone="success" data-testid="forms-signed-in">
          <Trans>You are logged in.</Trans>
        </Alert>
      ) : view === 'twofa' ? (
        <TwoFactorForm actor={login} />
      ) : (
        <>
          <LoginForm actor={login} />
          <p className={links}>
            <span>
              <Trans>New here?</Trans>
            </span>
            <Link className={link} to="/forms/sign_up">
              <Trans>Create an account</Trans>
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

/** /forms/sign_up. */
export function EmbeddedSignUp() {
  const bridge = useFrameBridge()
  // SPEC §2.3: the flow ends a registration here by itself (framed, refresh_user to the parent; alone,
  // a full load); the new session is what the page shows.
  const registered = useAppSelector(selectIsLoggedIn)
  return (
    <section className={card} data-testid="forms-sign-up" data-framed={bridge.framed ? 'true' : 'false'}>
      <h1 className={heading}>
        <Trans>Sign up</Trans>
      </h1>
      {registered ? (
        <Alert tone="success" data-testid="forms-signed-up">
          <Trans>You are logged in.</Trans>
        </Alert>
      ) : (
        <Suspense fallback={<AuthPopupSkeleton />}>
          <RegistrationView embedded showBanner={false} />
        </Suspense>
      )}
      {/* Partners on another site cannot keep our session cookie in their frame (SameSite): they send the player to us. */}
      {bridge.framed && !registered ? <RegistrationCallToAction bridge={bridge} /> : null}
      <p className={links}>
        <span>
          <Trans>Already have an account?</Trans>
        </span>
        <Link className={link} to="/forms/sign_in">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </section>
  )
}

/**
 * For partners whose frame cannot keep our session: one button that sends the player to our root with
 * the registration popup open (SPEC §2.3 'redirect'), with a backUrl to return to. Framed, the
 * parent is asked to go there; alone, or when the parent cannot be told, the top page goes.
 */
function RegistrationCallToAction({ bridge }: { bridge: FrameBridge }) {
  const locale = useAppSelector(selectLocale)
  const [busy, setBusy] = useState(false)
  const open = async () => {
    setBusy(true)
    try {
      const allowed = await bridge.allowedOrigins()
      const backUrl = pickBackUrl(new URLSearchParams(window.location.search).get(BACK_URL_QUERY), document.referrer, allowed)
      const url = registrationRedirectUrl(window.location.origin, localizePath('/', locale), backUrl)
      if (!isFramed(window)) return window.location.assign(url)
      if ((await bridge.post({ type: 'redirect', url })) === null) window.open(url, '_top')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <p className={lead}>
        <Trans>Or create your account on our site, and come back here afterwards.</Trans>
      </p>
      <Button variant="secondary" size="lg" fullWidth loading={busy} onClick={() => void open()} data-testid="forms-sign-up-start">
        <Trans>Sign up on our site</Trans>
      </Button>
    </>
  )
}
