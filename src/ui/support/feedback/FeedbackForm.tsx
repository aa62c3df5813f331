import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ChangeEvent, FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { selectIsLoggedIn } from '../../../machines/app/app/app.selectors'
import { feedbackMachine } from '../../../machines/support/feedback/feedback.machine'
import {
  selectFeedbackAlert,
  selectFeedbackBusy,
  selectFeedbackDataState,
  selectFeedbackErrors,
  selectFeedbackNeedsEmail,
  selectFeedbackReference,
  selectFeedbackValues,
} from '../../../machines/support/feedback/feedback.selectors'
import type { FeedbackField } from '../../../machines/support/feedback/feedback.types'
import { translate } from '../../../services/i18n/i18n'
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TOPICS, type FeedbackTopic } from '../../../shared/support-feedback'
import { translateError } from '../../../shared/validation/messages'
import { useAppSelector } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'
import { Select } from '../../kit/Select'
import { TextArea } from '../../kit/TextArea'

const card = cx(cardRecipe(), css({ maxW: '640px', w: 'full' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })

const TOPICS: Record<FeedbackTopic, MessageDescriptor> = {
  account: msg`My account`,
  payments: msg`Deposits and withdrawals`,
  games: msg`Casino games`,
  sportsbook: msg`Sports betting`,
  bonuses: msg`Bonuses and promotions`,
  other: msg`Something else`,
}

/**
 * The support page's feedback form (SPEC §7 Support sendFeedback): a topic and a message, and the
 * address to answer at for a visitor (a player is answered at the account's). Sent, it confirms
 * with the message's reference.
 */
export function FeedbackForm() {
  const loggedIn = useAppSelector(selectIsLoggedIn)
  // A login or logout reloads the page's flows: the form starts again for the new session.
  return <Feedback key={loggedIn ? 'player' : 'visitor'} loggedIn={loggedIn} />
}

function Feedback({ loggedIn }: { loggedIn: boolean }) {
  const { i18n } = useLingui()
  const actor = useFlowActor(feedbackMachine, { input: { loggedIn } })
  const values = useSelector(actor, selectFeedbackValues)
  const errors = useSelector(actor, selectFeedbackErrors)
  const alert = useSelector(actor, selectFeedbackAlert)
  const busy = useSelector(actor, selectFeedbackBusy)
  const needsEmail = useSelector(actor, selectFeedbackNeedsEmail)
  const reference = useSelector(actor, selectFeedbackReference)
  const dataState = useSelector(actor, selectFeedbackDataState)
  const change = (name: FeedbackField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    actor.send({ type: 'feedback.field.change', name, value: e.currentTarget.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'feedback.submit' })
  }
  const error = (field: FeedbackField) => (errors[field] ? translateError(i18n, errors[field]) : undefined)
  return (
    <section className={card} aria-labelledby="feedback-title" data-testid="feedback" data-state={dataState}>
      <h2 id="feedback-title" className={title}>
        <Trans>Write to us</Trans>
      </h2>
      {reference ? (
        <>
          <Alert tone="success" data-testid="feedback-sent" data-reference={reference}>
            {needsEmail
              ? translate(i18n, msg`Thank you. Your message {reference} has reached our team; we answer by e-mail.`, { reference })
              : translate(i18n, msg`Thank you. Your message {reference} has reached our team; we answer at your account's e-mail address.`, { reference })}
          </Alert>
          <div className={actions}>
            <Button variant="secondary" onClick={() => actor.send({ type: 'feedback.again' })}>
              <Trans>Write another message</Trans>
            </Button>
          </div>
        </>
      ) : (
        <Form flow={actor} className={form} onSubmit={submit}>
          <p className={muted}>
            <Trans>Tell us what happened and we will answer by e-mail, usually within a day.</Trans>
          </p>
          {alert ? (
            <Alert tone="error" data-testid="feedback-alert" data-message-id={alert.messageId}>
              {alert.messageId === 'tooManyRequests'
                ? translate(i18n, msg`You have sent several messages in a short time. Please try again in {minutes} minutes.`, {
                    minutes: Math.max(1, Math.ceil((alert.retryAfterSec ?? 60) / 60)),
                  })
                : i18n._(msg`Your message was not sent. Please try again.`)}
            </Alert>
          ) : null}
          {needsEmail ? (
            <Input label={i18n._(msg`Your e-mail`)} name="email" type="email" autoComplete="email" value={values.email} error={error('email')} onChange={change('email')} />
          ) : null}
          <Select label={i18n._(msg`Topic`)} name="topic" placeholder={i18n._(msg`Choose a topic`)} value={values.topic} error={error('topic')} onChange={change('topic')}>
            {FEEDBACK_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {i18n._(TOPICS[topic])}
              </option>
            ))}
          </Select>
          <TextArea
            label={i18n._(msg`Your message`)}
            name="message"
            rows={6}
            hint={translate(i18n, msg`{count} of {max} characters`, { count: [...values.message].length, max: FEEDBACK_MESSAGE_MAX })}
            value={values.message}
            error={error('message')}
            onChange={change('message')}
          />
          <div className={actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="feedback-submit">
              <Trans>Send</Trans>
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
