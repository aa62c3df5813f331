import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { pushMachine } from '../../../machines/profile/push/push.machine'
import { selectPush, selectPushAlert, selectPushBusy, selectPushDataState, selectPushSaving } from '../../../machines/profile/push/push.selectors'
import type { PushTopic } from '../../../machines/profile/push/push.types'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'
import { Spinner } from '../../kit/Spinner'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '4' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })
const row = css({
  display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: '3', alignItems: 'center', p: '3', borderRadius: 'md',
  border: '1px solid', borderColor: 'border', bg: 'surfaceRaised', cursor: 'pointer', '&[aria-disabled=true]': { cursor: 'default', opacity: 0.7 },
})
const checkbox = css({ width: '5', height: '5', m: '0', accentColor: 'var(--colors-accent)', cursor: 'pointer' })
const what = css({ fontWeight: 'semibold' })
const device = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })

/**
 * Push notifications (docs/push.md): this browser on or off, and the kinds of notice wanted on every
 * browser the player turned on. What cannot work (a browser without push, notifications blocked)
 * is said, not offered.
 */
export function PushSection() {
  const { t } = useLingui()
  const actor = useFlowActor(pushMachine)
  const push = useSelector(actor, selectPush)
  const alert = useSelector(actor, selectPushAlert)
  const busy = useSelector(actor, selectPushBusy)
  const saving = useSelector(actor, selectPushSaving)
  const dataState = useSelector(actor, selectPushDataState)
  const topics: { topic: PushTopic; label: string; hint: string }[] = [
    { topic: 'security', label: t`Account security`, hint: t`When your password or e-mail is changed.` },
    { topic: 'payments', label: t`Payments`, hint: t`When a deposit arrives or a withdrawal is paid.` },
  ]
  return (
    <section className={card} aria-labelledby="push-title" data-testid="push" data-state={dataState} aria-busy={dataState === 'push.loading' || undefined}>
      <h2 id="push-title" className={title}>
        <Trans>Notifications on this device</Trans>
      </h2>
      <p className={muted}>
        <Trans>Be told at once, even with the site closed. We never put amounts or addresses in a notification. Mails about your account are sent as well.</Trans>
      </p>
      {dataState === 'push.loading' ? <Skeleton height="56px" /> : null}
      {alert === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'push.retry' })}>
          <Trans>Your notification settings could not be read.</Trans>
        </LoadFailed>
      ) : null}
      {dataState === 'push.unavailable' ? (
        <p data-testid="push-unavailable">
          <Trans>This browser cannot show notifications from websites. Try another browser, or add the site to your home screen.</Trans>
        </p>
      ) : null}
      {alert === 'denied' || (push?.permission === 'denied' && !push.here) ? (
        <Alert tone="warning" data-testid="push-blocked">
          <Trans>Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then come back here.</Trans>
        </Alert>
      ) : null}
      {alert === 'enableFailed' ? (
        <Alert tone="error" data-testid="push-alert">
          <Trans>Notifications could not be turned on in this browser. Please try again later.</Trans>
        </Alert>
      ) : alert === 'saveFailed' ? (
        <Alert tone="error" data-testid="push-alert">
          <Trans>Your choice could not be saved. Please try again.</Trans>
        </Alert>
      ) : null}
      {push && dataState !== 'push.unavailable' ? (
        <>
          <div className={device}>
            <span data-testid="push-device" data-here={push.here ? 'true' : 'false'}>
              {push.here ? <Trans>On for this device.</Trans> : <Trans>Off for this device.</Trans>}
            </span>
            {push.here ? (
              <Button variant="secondary" size="sm" loading={dataState === 'push.disabling'} disabled={busy} onClick={() => actor.send({ type: 'push.disable' })} data-testid="push-disable">
                <Trans>Turn off</Trans>
              </Button>
            ) : push.permission !== 'denied' ? (
              <Button variant="primary" size="sm" loading={dataState === 'push.enabling'} disabled={busy} onClick={() => actor.send({ type: 'push.enable' })} data-testid="push-enable">
                <Trans>Turn on</Trans>
              </Button>
            ) : null}
          </div>
          <ul className={list} aria-label={t`What to be told of`}>
            {topics.map(({ topic, label, hint }) => {
              const id = `push-topic-${topic}`
              return (
                <li key={topic}>
                  <label className={row} htmlFor={id} data-testid="push-topic" data-topic={topic}>
                    <input
                      id={id}
                      type="checkbox"
                      role="switch"
                      className={checkbox}
                      checked={push.topics.includes(topic)}
                      disabled={busy}
                      aria-describedby={`${id}-hint`}
                      onChange={(e) => actor.send({ type: 'push.topic.toggle', topic, on: e.currentTarget.checked })}
                    />
                    <span className={css({ display: 'grid', gap: '0.5' })}>
                      <span className={what}>{label}</span>
                      <span id={`${id}-hint`} className={muted}>
                        {hint}
                      </span>
                    </span>
                    {saving?.topic === topic ? <Spinner /> : <span />}
                  </label>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
    </section>
  )
}
