import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useId, type FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import {
  selectCompletionAlert,
  selectCompletionBusy,
  selectCompletionCurrencies,
  selectCompletionDataState,
  selectCompletionErrors,
  selectCompletionLoadFailed,
  selectCompletionShowsForm,
  selectCompletionValues,
} from '../../../machines/auth/social-registration/social-registration.selectors'
import type { SocialRegistrationFieldErrors } from '../../../machines/auth/social-registration/social-registration.types'
import { useAppActor, useDialogs } from '../../app/AppProviders'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'
import { socialRegistrationMachine } from '../../../machines/auth/social-registration/social-registration.machine'
import { useFlowActor } from '../../app/useFlowActor'

export type SocialRegistrationRef = ActorRefFrom<typeof socialRegistrationMachine>

const FIELD_ERRORS: Record<NonNullable<SocialRegistrationFieldErrors['currency']>, MessageDescriptor> = {
  required: msg`Field is required`,
  invalid: msg`Choose one of the currencies in the list.`,
  locked: msg`The currency cannot change once the account holds money.`,
}

const form = css({ display: 'grid', gap: '4', mt: '2' })
const check = css({ display: 'flex', alignItems: 'flex-start', gap: '3', cursor: 'pointer', '& input': { mt: '1', width: '5', height: '5', accentColor: 'var(--colors-accent)', flexShrink: 0 } })
const errorText = css({ color: 'danger', fontSize: 'sm', mt: '1' })

/**
 * SPEC §2.3 socialRegistration view: what a new social account still lacks. The currency of the
 * account, the terms (required), mailing consent (never pre-ticked).
 */
export function SocialRegistrationForm({ actor }: { actor: SocialRegistrationRef }) {
  const { i18n } = useLingui()
  const values = useSelector(actor, selectCompletionValues)
  const currencies = useSelector(actor, selectCompletionCurrencies)
  const errors = useSelector(actor, selectCompletionErrors)
  const alert = useSelector(actor, selectCompletionAlert)
  const showsForm = useSelector(actor, selectCompletionShowsForm)
  const busy = useSelector(actor, selectCompletionBusy)
  const loadFailed = useSelector(actor, selectCompletionLoadFailed)
  const dataState = useSelector(actor, selectCompletionDataState)
  const termsError = useId()
  if (loadFailed) {
    return (
      <div className={form} data-state={dataState} data-testid="social-registration">
        <Alert tone="error">
          <Trans>We could not load the form. Check your connection and try again.</Trans>
        </Alert>
        <Button type="button" variant="primary" onClick={() => actor.send({ type: 'socialReg.retry' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
  if (!showsForm) return <Skeleton height="12rem" />
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'socialReg.submit' })
  }
  return (
    <Form flow={actor} className={form} onSubmit={submit} data-state={dataState} data-testid="social-registration">
      <p>
        <Trans>You are signed in. Choose your account currency and accept the terms to start playing.</Trans>
      </p>
      {alert ? (
        <Alert tone="error">
          <Trans>Something went wrong. Please try again.</Trans>
        </Alert>
      ) : null}
      <Select
        label={i18n._(msg`Currency`)}
        name="currency"
        value={values.currency}
        error={errors.currency ? i18n._(FIELD_ERRORS[errors.currency]) : undefined}
        onChange={(e) => actor.send({ type: 'socialReg.currency.change', currency: e.currentTarget.value })}
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
      <div>
        <label className={check}>
          <input
            type="checkbox"
            name="terms"
            checked={values.terms}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? termsError : undefined}
            onChange={() => actor.send({ type: 'socialReg.terms.toggle' })}
          />
          <span>
            <Trans>I am of legal age and accept the terms and conditions.</Trans>
          </span>
        </label>
        {errors.terms ? (
          <p id={termsError} className={errorText}>
            <Trans>Accept the terms to continue.</Trans>
          </p>
        ) : null}
      </div>
      <label className={check}>
        <input type="checkbox" name="notify" checked={values.notify} onChange={() => actor.send({ type: 'socialReg.notify.toggle' })} />
        <span>
          <Trans>Send me news and offers by e-mail.</Trans>
        </span>
      </label>
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        <Trans>Start playing</Trans>
      </Button>
    </Form>
  )
}

/** The socialRegistration view: its flow, started when the view shows. */
export function SocialRegistration() {
  const app = useAppActor()
  const dialogs = useDialogs()
  const actor = useFlowActor(socialRegistrationMachine, { input: { app, dialogs } })
  return <SocialRegistrationForm actor={actor} />
}
