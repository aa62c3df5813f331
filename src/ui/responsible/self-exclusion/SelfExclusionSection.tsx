import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { SELF_EXCLUSION_LEFT, selfExclusionMachine } from '../../../machines/responsible/self-exclusion/self-exclusion.machine'
import {
  selectExcludedUntil,
  selectExclusionAlert,
  selectExclusionBusy,
  selectExclusionDataState,
  selectExclusionErrors,
  selectExclusionPassword,
  selectExclusionPeriod,
  selectExclusionStep,
} from '../../../machines/responsible/self-exclusion/self-exclusion.selectors'
import { translate } from '../../../services/i18n/i18n'
import { formatDateTime } from '../../../shared/format'
import { isSelfExclusionPeriod, SELF_EXCLUSION_PERIODS, selfExclusionEnd, type SelfExclusionPeriod } from '../../../shared/self-exclusion'
import { translateError } from '../../../shared/validation/messages'
import { useAppActor } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { Select } from '../../kit/Select'

const title = css({ textStyle: 'title' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })
const strong = css({ fontWeight: 'semibold' })

const PERIODS: Record<SelfExclusionPeriod, MessageDescriptor> = {
  '1d': msg`1 day`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '3m': msg`3 months`,
  '6m': msg`6 months`,
  '9m': msg`9 months`,
  '1y': msg`1 year`,
  '2y': msg`2 years`,
  '3y': msg`3 years`,
  '4y': msg`4 years`,
  '5y': msg`5 years`,
  permanent: msg`Permanently`,
}

/**
 * The player's own self-exclusion (SPEC §9): a period, then what it means with the password. In
 * force at once: every session ends, this one too, and logins are refused until it is over.
 */
export function SelfExclusionSection() {
  const { i18n } = useLingui()
  const app = useAppActor()
  const actor = useFlowActor(selfExclusionMachine)
  useEffect(() => {
    const subscription = actor.on(SELF_EXCLUSION_LEFT, () => app.send({ type: 'session.end', reason: 'selfExcluded' }))
    return () => subscription.unsubscribe()
  }, [actor, app])
  const step = useSelector(actor, selectExclusionStep)
  const period = useSelector(actor, selectExclusionPeriod)
  const password = useSelector(actor, selectExclusionPassword)
  const errors = useSelector(actor, selectExclusionErrors)
  const alert = useSelector(actor, selectExclusionAlert)
  const busy = useSelector(actor, selectExclusionBusy)
  const until = useSelector(actor, selectExcludedUntil)
  const dataState = useSelector(actor, selectExclusionDataState)
  const when = (iso: string) => formatDateTime(iso, i18n.locale)
  // What the chosen period would mean if it started now; the server fixes the end when it applies it.
  const plannedEnd = period ? selfExclusionEnd(period, new Date()) : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send(step === 'choose' ? { type: 'exclusion.continue' } : { type: 'exclusion.confirm' })
  }

  return (
    <section className={card()} data-testid="self-exclusion" data-state={dataState} aria-labelledby="self-exclusion-title">
      <h2 id="self-exclusion-title" className={title}>
        <Trans>Self-exclusion</Trans>
      </h2>
      {step === 'excluded' ? (
        <>
          <Alert tone="success" data-testid="self-exclusion-done">
            {until
              ? translate(i18n, msg`You are excluded until {date}. You have been logged out on every device.`, { date: when(until) })
              : i18n._(msg`You are excluded permanently. You have been logged out on every device.`)}
          </Alert>
          <div className={actions}>
            <Button variant="primary" data-testid="self-exclusion-leave" onClick={() => actor.send({ type: 'exclusion.leave' })}>
              <Trans>OK</Trans>
            </Button>
          </div>
        </>
      ) : (
        <Form flow={actor} className={form} onSubmit={submit}>
          <p className={muted()}>
            <Trans>
              If you need a break, exclude yourself from playing for 1, 7 or 30 days, 3, 6 or 9 months, 1 to 5 years, or permanently. It
              starts at once: you are logged out everywhere and cannot log in until it ends. It cannot be shortened or undone.
            </Trans>
          </p>
          {alert ? (
            <Alert tone="error" data-testid="self-exclusion-alert" data-message-id={alert.messageId}>
              {alert.messageId === 'shorter'
                ? alert.until
                  ? translate(i18n, msg`You are already excluded until {date}. A self-exclusion can be made longer, never shorter.`, { date: when(alert.until) })
                  : i18n._(msg`You are already excluded permanently.`)
                : alert.messageId === 'tooManyRequests'
                  ? translate(i18n, msg`Too many attempts. Try again in {seconds} seconds.`, { seconds: alert.retryAfterSec ?? 30 })
                  : i18n._(msg`Something went wrong. You are not excluded; please try again.`)}
            </Alert>
          ) : null}
          {step === 'choose' ? (
            <>
              <Select
                label={i18n._(msg`Exclude me for`)}
                name="period"
                placeholder={i18n._(msg`Choose a period`)}
                value={period ?? ''}
                error={errors.period ? translateError(i18n, errors.period) : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value
                  if (isSelfExclusionPeriod(value)) actor.send({ type: 'exclusion.period', period: value })
                }}
              >
                {SELF_EXCLUSION_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {i18n._(PERIODS[p])}
                  </option>
                ))}
              </Select>
              <div className={actions}>
                <Button type="submit" variant="secondary" data-testid="self-exclusion-continue">
                  <Trans>Continue</Trans>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className={strong} data-testid="self-exclusion-summary">
                {plannedEnd
                  ? translate(i18n, msg`You will be logged out now and will not be able to log in until about {date}.`, { date: when(plannedEnd.toISOString()) })
                  : i18n._(msg`You will be logged out now and will never be able to log in again.`)}
              </p>
              <Input
                label={i18n._(msg`Your password, to confirm`)}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={errors.password ? (errors.password.rule === 'server' ? i18n._(msg`Wrong password. Check it and try again.`) : translateError(i18n, errors.password)) : undefined}
                onChange={(e) => actor.send({ type: 'exclusion.password', value: e.currentTarget.value })}
              />
              <div className={actions}>
                <Button type="submit" variant="danger" loading={busy} data-testid="self-exclusion-confirm">
                  {period ? translate(i18n, msg`Exclude me for {period}`, { period: i18n._(PERIODS[period]) }) : <Trans>Exclude me</Trans>}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'exclusion.back' })}>
                  <Trans>Back</Trans>
                </Button>
              </div>
            </>
          )}
        </Form>
      )}
    </section>
  )
}
