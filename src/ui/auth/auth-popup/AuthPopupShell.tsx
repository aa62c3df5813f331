import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import type { AuthView } from '../../../machines/app/query-flags'
import { authPopupMachine } from '../../../machines/auth/auth-popup/auth-popup.machine'
import { selectAuthPopupView, shownAuthView } from '../../../machines/auth/auth-popup/auth-popup.selectors'
import type { AuthPopupEvent } from '../../../machines/auth/auth-popup/auth-popup.types'
import type { Dialog as DialogModel } from '../../../machines/app/dialog-stack/dialog-stack.types'
import { Dialog } from '../../kit/Dialog'
import { selectLoginView } from '../../../machines/auth/login/login.selectors'
import { useAppActor, useDialogs } from '../../app/AppProviders'
import { loginMachine } from '../../../machines/auth/login/login.machine'
import { LoginForm, TwoFactorForm } from '../login/LoginForms'
import { RestoreForm } from '../restore/RestoreForm'
import { SocialLogin } from '../social-login/SocialButtons'
import { SocialRegistration } from '../social-registration/SocialRegistrationForm'
import { useFlowActor } from '../../app/useFlowActor'

export { AUTH_DIALOG_ID } from './AuthPopupShell.ids'

// The registration view, its flow and its settings load when the view is first shown.
const RegistrationView = lazy(() => import('../registration/RegistrationForm'))

const links = css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '2' })
const linkButton = textLink()

/**
 * SPEC §2.3: one popup, five views, a title per view, links between them. The forms inside each view
 * arrive with the accounts issue; the shell, its navigation and its close rules are here.
 */
export function AuthPopupShell({ dialog, onClose }: { dialog: DialogModel; onClose: () => void }) {
  const { t } = useLingui()
  // The popup's navigation is its own flow (auth-popup.machine.ts): it opens at the view asked for.
  const popup = useFlowActor(authPopupMachine, { input: { view: dialog.props.view } })
  const popupView = useSelector(popup, selectAuthPopupView)
  const app = useAppActor()
  const dialogs = useDialogs()
  const login = useFlowActor(loginMachine, { input: { app, dialogs } })
  const loginView = useSelector(login, selectLoginView)
  // twofa is a step of the login flow, so the login machine decides when it shows.
  const view: AuthView = shownAuthView(popupView, loginView)
  const titles: Record<AuthView, string> = {
    authorization: t`Log in`,
    registration: t`Sign up`,
    restore: t`Reset your password`,
    twofa: t`Two-factor authentication`,
    socialRegistration: t`Complete your registration`,
  }
  const go = (event: AuthPopupEvent['type'], label: string) => (
    <button type="button" className={linkButton} onClick={() => popup.send({ type: event })}>
      {label}
    </button>
  )
  return (
    <Dialog open size={view === 'registration' ? 'lg' : 'md'} title={titles[view]} onClose={onClose} preventClose={dialog.preventClose}>
      <div data-state={`auth.${view}`} data-testid="auth-popup">
        {view === 'authorization' ? <LoginForm actor={login} /> : null}
        {view === 'twofa' ? <TwoFactorForm actor={login} /> : null}
        {view === 'authorization' ? <SocialLogin typeAuth="login" /> : null}
        {view === 'socialRegistration' ? <SocialRegistration /> : null}
        {view === 'authorization' ? (
          <div className={links}>
            {go('popup.restore', t`Forgot your password?`)}
            {go('popup.registration', t`Create an account`)}
          </div>
        ) : null}
        {view === 'registration' ? (
          <Suspense fallback={<div aria-busy="true" data-state="registration.loading" />}>
            <RegistrationView />
          </Suspense>
        ) : null}
        {view === 'registration' ? (
          <div className={links}>
            <span>
              <Trans>Already have an account?</Trans>
            </span>
            {go('popup.login', t`Log in`)}
          </div>
        ) : null}
        {view === 'restore' ? (
          <>
            <RestoreForm />
            <div className={links}>{go('popup.login', t`Back to log in`)}</div>
          </>
        ) : null}
      </div>
    </Dialog>
  )
}
