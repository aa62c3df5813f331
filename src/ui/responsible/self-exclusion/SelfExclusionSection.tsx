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
import { isExclusionPeriod, SELF_EXCLUSION_PERIODS, selfExclusionEnd, TIME_OUT_PERIODS, type ExclusionKind, type ExclusionPeriod } from '../../../shared/self-exclusion'
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

const PERIODS: Record<ExclusionPeriod, MessageDescriptor> = {
  '24h': msg`24 hours`,
  '48h': msg`48 hours`,
  '1w': msg`1 week`,
  '2w': msg`2 weeks`,
  '4w': msg`4 weeks`,
  '6w': msg`6 weeks`,
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

/** What differs between the two forms: their periods, words and test ids. */
const KINDS = {
  self_exclusion: {
    testId: 'self-exclusion',
    periods: SELF_EXCLUSION_PERIODS,
    title: msg`Self-exclusion`,
    choose: msg`Exclude me for`,
    confirmFor: msg`Exclude me for {period}`,
    confirm: msg`Exclude me`,
    doneUntil: msg`You are excluded until {date}. You have been logged out on every device.`,
  },
  timeout: {
    testId: 'time-out',
    periods: TIME_OUT_PERIODS,
    title: msg`Take a break`,
    choose: msg`Take a break for`,
    confirmFor: msg`Take a break for {period}`,
    confirm: msg`Take a break`,
    doneUntil: msg`Your break lasts until {date}. You have been logged out on every device.`,
  },
} as const satisfies Record<ExclusionKind, unknown>

/**
 * The player's own self-exclusion (SPEC §9), or a time-out of 24 hours to 6 weeks: a period, then
 * what it means with the password. In force at once: every session ends, this one too, and logins
 * (so deposits and play) are refused until it is over.
 */
export function SelfExclusionSection({ kind = 'self_exclusion' }: { kind?: ExclusionKind }) {
  const { i18n } = useLingui()
  const app = useAppActor()
  const words = KINDS[kind]
  const actor = useFlowActor(selfExclusionMachine, { input: { kind } })
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
    <section className={card()} data-testid={words.testId} data-state={dataState} aria-labelledby={`${words.testId}-title`}>
      <h2 id={`${words.testId}-title`} className={title}>
        {i18n._(words.title)}
      </h2>
      {step === 'excluded' ? (
        <>
          <Alert tone="success" data-testid={`${words.testId}-done`}>
            {until
              ? translate(i18n, words.doneUntil, { date: when(until) })
              : i18n._(msg`You are excluded permanently. You have been logged out on every device.`)}
          </Alert>
          <div className={actions}>
            <Button variant="primary" data-testid={`${words.testId}-leave`} onClick={() => actor.send({ type: 'exclusion.leave' })}>
              <Trans>OK</Trans>
            </Button>
          </div>
        </>
      ) : (
        <Form flow={actor} className={form} onSubmit={submit}>
          <p className={muted()}>
            {kind === 'timeout' ? (
              <Trans>
                Need a short pause? Take a break for 24 or 48 hours, or 1, 2, 4 or 6 weeks. It starts at once: you are logged out everywhere and
                cannot log in, deposit or play until it ends. It cannot be shortened.
              </Trans>
            ) : (
            <Trans>
              If you need a break, exclude yourself from playing for 1, 7 or 30 days, 3, 6 or 9 months, 1 to 5 years, or permanently. It
              starts at once: you are logged out everywhere and cannot log in until it ends. It cannot be shortened or undone.
            </Trans>
            )}
          </p>
          {alert ? (
            <Alert tone="error" data-testid={`${words.testId}-alert`} data-message-id={alert.messageId}>
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
                label={i18n._(words.choose)}
                name="period"
                placeholder={i18n._(msg`Choose a period`)}
                value={period ?? ''}
                error={errors.period ? translateError(i18n, errors.period) : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value
                  if (isExclusionPeriod(value)) actor.send({ type: 'exclusion.period', period: value })
                }}
              >
                {words.periods.map((p) => (
                  <option key={p} value={p}>
                    {i18n._(PERIODS[p])}
                  </option>
                ))}
              </Select>
              <div className={actions}>
                <Button type="submit" variant="secondary" data-testid={`${words.testId}-continue`}>
                  <Trans>Continue</Trans>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className={strong} data-testid={`${words.testId}-summary`}>
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
                <Button type="submit" variant="danger" loading={busy} data-testid={`${words.testId}-confirm`}>
                  {period ? translate(i18n, words.confirmFor, { period: i18n._(PERIODS[period]) }) : i18n._(words.confirm)}
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
