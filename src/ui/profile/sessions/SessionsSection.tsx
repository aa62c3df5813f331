import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { sessionsMachine } from '../../../machines/profile/sessions/sessions.machine'
import {
  selectCanRetry,
  selectEnding,
  selectLastEnded,
  selectOtherCount,
  selectSessions,
  selectSessionsAlert,
  selectSessionsBusy,
  selectSessionsDataState,
} from '../../../machines/profile/sessions/sessions.selectors'
import type { PlayerSession } from '../../../machines/profile/sessions/sessions.types'
import { translate } from '../../../services/i18n/i18n'
import { formatDateTime } from '../../../shared/format'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { timeZonePlace } from '../../../shared/time-zone'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '4' }))
const head = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })
const row = css({
  display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', p: '3',
  borderRadius: 'md', border: '1px solid', borderColor: 'border', bg: 'surfaceRaised',
})
const name = css({ fontWeight: 'semibold', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })
const detail = css({ color: 'textMuted', fontSize: 'sm' })
const badge = css({ px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', border: '1px solid', color: 'success', borderColor: 'success' })

const deviceOf = msg`{browser} on {os}`

/** Where the device is, as its time zone says ('Berlin'); null when it sent none. */
const placeOf = (s: { time_zone?: string | null }): string | null => (s.time_zone ? timeZonePlace(s.time_zone) : null)

/**
 * The security page's signed-in devices: each with when it was last used and from where, a way to
 * sign out one of the others, and every other one at once. This device stays (its way out is Log out).
 */
export function SessionsSection() {
  const { i18n } = useLingui()
  const actor = useFlowActor(sessionsMachine)
  const sessions = useSelector(actor, selectSessions)
  const busy = useSelector(actor, selectSessionsBusy)
  const alert = useSelector(actor, selectSessionsAlert)
  const ending = useSelector(actor, selectEnding)
  const lastEnded = useSelector(actor, selectLastEnded)
  const others = useSelector(actor, selectOtherCount)
  const canRetry = useSelector(actor, selectCanRetry)
  const dataState = useSelector(actor, selectSessionsDataState)

  const device = (s: PlayerSession) =>
    s.browser && s.os ? translate(i18n, deviceOf, { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? i18n._(msg`Unknown device`))

  return (
    <section className={card} aria-labelledby="sessions-title" data-testid="sessions" data-state={dataState} aria-busy={busy}>
      <div className={head}>
        <h2 id="sessions-title" className={title}>
          <Trans>Signed-in devices</Trans>
        </h2>
        <Button
          variant="secondary"
          disabled={others === 0 || ending !== null}
          loading={ending !== null && 'others' in ending}
          data-testid="sessions-end-others"
          onClick={() => actor.send({ type: 'sessions.endOthers' })}
        >
          <Trans>Sign out everywhere else</Trans>
        </Button>
      </div>
      <p className={muted}>
        <Trans>Where your account is signed in now. Sign out a device you do not recognise, then change your password.</Trans>
      </p>
      {alert === 'loadFailed' ? (
        <Alert
          tone="error"
          data-testid="sessions-alert"
          data-message-id={alert}
          action={
            canRetry ? (
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'sessions.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            ) : undefined
          }
        >
          <Trans>Your devices could not be read.</Trans>
        </Alert>
      ) : alert === 'endFailed' ? (
        <Alert tone="error" data-testid="sessions-alert" data-message-id={alert}>
          <Trans>That device could not be signed out. Please try again.</Trans>
        </Alert>
      ) : alert === 'unknown' ? (
        <Alert tone="info" data-testid="sessions-alert" data-message-id={alert}>
          <Trans>That device was signed out already.</Trans>
        </Alert>
      ) : lastEnded !== null ? (
        <Alert tone="success" data-testid="sessions-ended">
          <Trans>Signed out. That device must log in again to use your account.</Trans>
        </Alert>
      ) : null}
      {sessions ? (
        <ul className={list} data-testid="sessions-list">
          {sessions.map((s) => (
            <li key={s.id} className={row} data-testid="session" data-current={s.current}>
              <div>
                <div className={name}>
                  {device(s)}
                  {s.current ? (
                    <span className={badge}>
                      <Trans>This device</Trans>
                    </span>
                  ) : null}
                </div>
                <div className={detail}>
                  {translate(i18n, msg`Last active {when}`, { when: formatDateTime(s.last_seen_at, i18n.locale) })}
                  {placeOf(s) ? ` · ${translate(i18n, msg`{place} time zone`, { place: placeOf(s) })}` : null}
                  {s.ip ? ` · ${translate(i18n, msg`IP address {ip}`, { ip: s.ip })}` : null}
                </div>
              </div>
              {s.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={ending !== null}
                  loading={ending !== null && 'id' in ending && ending.id === s.id}
                  aria-label={translate(i18n, msg`Sign out {device}`, { device: device(s) })}
                  data-testid="session-end"
                  onClick={() => actor.send({ type: 'sessions.end', id: s.id })}
                >
                  <Trans>Sign out</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : alert === null ? (
        <p className={muted} aria-live="polite">
          <Trans>Reading your devices…</Trans>
        </p>
      ) : null}
    </section>
  )
}
