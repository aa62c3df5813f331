import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { sessionLimitMachine } from '../../../machines/responsible/session-limit/session-limit.machine'
import {
  selectSessionLimit,
  selectSessionLimitAlert,
  selectSessionLimitCanSave,
  selectSessionLimitChoice,
  selectSessionLimitDataState,
  selectSessionLimitLoading,
  selectSessionLimitSaving,
} from '../../../machines/responsible/session-limit/session-limit.selectors'
import { translate } from '../../../services/i18n/i18n'
import { formatDateTime, formatTime } from '../../../shared/format'
import { SESSION_LIMIT_MINUTES } from '../../../shared/session-limit'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'

const title = css({ textStyle: 'title' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })

const LIMITS: Record<(typeof SESSION_LIMIT_MINUTES)[number], MessageDescriptor> = {
  30: msg`30 minutes`,
  60: msg`1 hour`,
  120: msg`2 hours`,
  240: msg`4 hours`,
  480: msg`8 hours`,
}
const labelOf = (minutes: number | null): MessageDescriptor | null => (minutes === null ? null : (LIMITS[minutes as keyof typeof LIMITS] ?? null))

/**
 * The session-time limit on the responsible-gaming page: how long one session may last before the
 * site ends it. Stricter applies at once; looser, or none, after a cooling-off day. The server ends
 * a session past its limit, so it holds on every device and whatever a page shows.
 */
export function SessionLimitSection() {
  const { i18n } = useLingui()
  const actor = useFlowActor(sessionLimitMachine)
  const limit = useSelector(actor, selectSessionLimit)
  const choice = useSelector(actor, selectSessionLimitChoice)
  const alert = useSelector(actor, selectSessionLimitAlert)
  const loading = useSelector(actor, selectSessionLimitLoading)
  const saving = useSelector(actor, selectSessionLimitSaving)
  const canSave = useSelector(actor, selectSessionLimitCanSave)
  const dataState = useSelector(actor, selectSessionLimitDataState)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'limit.save' })
  }
  const inForce = labelOf(limit?.minutes ?? null)
  const waiting = limit?.effective_at ? labelOf(limit.scheduled_minutes) : null

  return (
    <section className={card()} data-testid="session-limit" data-state={dataState} aria-labelledby="session-limit-title">
      <h2 id="session-limit-title" className={title}>
        <Trans>Session time limit</Trans>
      </h2>
      <p className={muted()}>
        <Trans>Choose how long one session may last. Once a session has lasted that long you are logged out, on whichever device it is; you can log in again afterwards. A shorter limit applies at once, a longer one or none after 24 hours.</Trans>
      </p>
      {loading ? (
        <div className={form} aria-busy="true">
          <Skeleton height={72} radius="md" />
          <Skeleton height={44} width="8rem" radius="md" />
        </div>
      ) : alert === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'limit.retry' })}>{i18n._(msg`We could not load your session limit.`)}</LoadFailed>
      ) : (
        <form className={form} onSubmit={submit} noValidate>
          {inForce && limit?.ends_at ? (
            <p data-testid="session-limit-now">
              {translate(i18n, msg`Your limit is {limit}: this session ends at {time}.`, {
                limit: i18n._(inForce),
                time: formatTime(limit.ends_at, i18n.locale),
              })}
            </p>
          ) : null}
          {limit?.effective_at ? (
            <Alert tone="info" data-testid="session-limit-waiting">
              {translate(i18n, msg`Your change to {limit} applies from {date}.`, {
                limit: waiting ? i18n._(waiting) : i18n._(msg`no limit`),
                date: formatDateTime(limit.effective_at, i18n.locale),
              })}
            </Alert>
          ) : null}
          {alert === 'saveFailed' ? (
            <Alert tone="error" data-testid="session-limit-alert">
              <Trans>Your choice was not saved. Please try again.</Trans>
            </Alert>
          ) : null}
          {alert === 'saved' && !limit?.effective_at ? (
            <Alert tone="success" data-testid="session-limit-saved">
              <Trans>Saved.</Trans>
            </Alert>
          ) : null}
          <Select label={i18n._(msg`End each session after`)} name="session-limit" value={String(choice)} onChange={(e) => actor.send({ type: 'limit.choose', minutes: Number(e.currentTarget.value) })}>
            <option value="0">{i18n._(msg`No limit`)}</option>
            {SESSION_LIMIT_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {i18n._(LIMITS[minutes])}
              </option>
            ))}
          </Select>
          <div className={actions}>
            <Button type="submit" variant="secondary" loading={saving} disabled={!canSave && !saving} data-testid="session-limit-save">
              <Trans>Save</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
