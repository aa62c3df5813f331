import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { textLink } from 'styled-system/recipes'
import {
  selectActiveService,
  selectCanCancelSocial,
  selectSocialAlert,
  selectSocialBusy,
  selectSocialDataState,
  selectSocialServices,
} from '../../../machines/auth/social-login/social-login.selectors'
import type { SocialLoginMessageId } from '../../../machines/auth/social-login/social-login.types'
import { translate } from '../../../services/i18n/i18n'
import { Icon } from '../../icons/Icon'
import { ExternalIcon } from '../../icons/ExternalIcon'
import { isExternalIcon } from '../../../services/icons/external-icon'
import { ICONS, type IconName } from '../../../shared/icons'
import type { TypeAuth } from '../../../machines/auth/social-login/social-login.types'
import { useAppActor, useDialogs } from '../../app/AppProviders'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { socialLoginMachine } from '../../../machines/auth/social-login/social-login.machine'
import { useFlowActor } from '../../app/useFlowActor'

export type SocialLoginRef = ActorRefFrom<typeof socialLoginMachine>

const ALERTS: Record<SocialLoginMessageId, MessageDescriptor> = {
  cancelled: msg`Sign-in was cancelled. Choose a service to try again.`,
  blocked: msg`This account is blocked. Contact support for help.`,
  unavailable: msg`The sign-in service is not answering. Please try again later.`,
  tooManyRequests: msg`Too many attempts. Please wait a moment and try again.`,
  failed: msg`We could not sign you in. Please try again.`,
}

const wrap = css({ display: 'grid', gap: '3', mt: '4' })
const divider = css({
  display: 'flex', alignItems: 'center', gap: '3', color: 'textMuted', fontSize: 'sm',
  _before: { content: '""', flex: '1', borderTop: '1px solid', borderColor: 'border' },
  _after: { content: '""', flex: '1', borderTop: '1px solid', borderColor: 'border' },
})
const list = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: 'repeat(auto-fit, minmax(10rem, 1fr))' }, listStyle: 'none', p: '0', m: '0' })
const status = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', color: 'textMuted', fontSize: 'sm' })
const linkButton = textLink()

const continueWith = msg`Continue with {name}`

const iconOf = (icon: string): IconName => (icon in ICONS ? (icon as IconName) : 'globe')

/**
 * SPEC §2.3: the social-login buttons under the authorization form, one per configured service
 * (id, icon, name). Nothing renders while the list loads or when no service is configured.
 */
export function SocialButtons({ actor }: { actor: SocialLoginRef }) {
  const { i18n } = useLingui()
  const services = useSelector(actor, selectSocialServices)
  const busy = useSelector(actor, selectSocialBusy)
  const active = useSelector(actor, selectActiveService)
  const alert = useSelector(actor, selectSocialAlert)
  const canCancel = useSelector(actor, selectCanCancelSocial)
  const dataState = useSelector(actor, selectSocialDataState)
  if (services.length === 0) return null
  return (
    <section className={wrap} data-state={dataState} data-testid="social-login" aria-busy={busy}>
      <p className={divider}>
        <Trans>or continue with</Trans>
      </p>
      {alert ? (
        <Alert tone="error" data-testid="social-alert" data-message-id={alert}>
          {i18n._(ALERTS[alert])}
        </Alert>
      ) : null}
      <ul className={list}>
        {services.map((service) => (
          <li key={service.id}>
            <Button
              type="button"
              variant="secondary"
              size="lg"
              fullWidth
              loading={active === service.id}
              disabled={busy && active !== service.id}
              data-service={service.id}
              onClick={() => actor.send({ type: 'social.select', service: service.id })}
            >
              {isExternalIcon(service.icon) ? <ExternalIcon src={service.icon} /> : <Icon name={iconOf(service.icon)} />}
              {translate(i18n, continueWith, { name: service.name })}
            </Button>
          </li>
        ))}
      </ul>
      {canCancel ? (
        <p className={status} role="status">
          <Trans>Finish signing in in the window that opened.</Trans>
          <button type="button" className={linkButton} onClick={() => actor.send({ type: 'social.cancel' })}>
            <Trans>Cancel</Trans>
          </button>
        </p>
      ) : null}
    </section>
  )
}

/** The social-login flow of one view of the popup (type_auth login or registration), with its buttons. */
export function SocialLogin({ typeAuth }: { typeAuth: TypeAuth }) {
  const app = useAppActor()
  const dialogs = useDialogs()
  // The popup renders in the browser only; the guard keeps a server render from failing all the same.
  const returnTo = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`
  const actor = useFlowActor(socialLoginMachine, { input: { typeAuth, returnTo, app, dialogs } })
  return <SocialButtons actor={actor} />
}
