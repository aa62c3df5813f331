import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { card as cardRecipe } from 'styled-system/recipes'
import { fakenameMachine } from '../../../machines/profile/fakename/fakename.machine'
import {
  selectFakename,
  selectFakenameAlert,
  selectFakenameBusy,
  selectFakenameDataState,
  selectFakenameEditing,
  selectFakenameError,
  selectFakenameValue,
  selectNextFakenameChange,
} from '../../../machines/profile/fakename/fakename.selectors'
import { FAKENAME_CHANGED } from '../../../machines/profile/fakename/fakename.types'
import { translate } from '../../../services/i18n/i18n'
import { FAKENAME_CHANGE_DAYS } from '../../../shared/profile-fields'
import { serverErrorCode } from '../../../shared/validation/rules'
import { translateError } from '../../../shared/validation/messages'
import { useAppActor } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { Form } from '../../kit/Form'
import { Input } from '../../kit/Input'

const card = cx(cardRecipe(), css({ mt: '2', maxW: '640px', display: 'grid', gap: '3' }))
const title = css({ textStyle: 'title' })
const muted = css({ color: 'textMuted' })
const row = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })
const name = css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })
const form = css({ display: 'grid', gap: '3' })
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: '0 0 auto' } } })

const taken = msg`Another player has this nickname. Choose a different one.`

/**
 * The nickname others see on leaderboards and in chat (SPEC §3 fakename, §5 'Fake name'): changed
 * here once every FAKENAME_CHANGE_DAYS days; the date of the next change shows while it waits.
 */
export function FakenameSection({ current, nextChangeAt }: { current: string | null; nextChangeAt: string | null }) {
  const { i18n } = useLingui()
  const app = useAppActor()
  const actor = useFlowActor(fakenameMachine, { input: { current, nextChangeAt } })
  const shown = useSelector(actor, selectFakename)
  const value = useSelector(actor, selectFakenameValue)
  const error = useSelector(actor, selectFakenameError)
  const alert = useSelector(actor, selectFakenameAlert)
  const editing = useSelector(actor, selectFakenameEditing)
  const busy = useSelector(actor, selectFakenameBusy)
  const next = useSelector(actor, selectNextFakenameChange)
  const dataState = useSelector(actor, selectFakenameDataState)

  useEffect(() => {
    // The header and the rest of the site show the account's nickname: read it again.
    const subscription = actor.on(FAKENAME_CHANGED, () => app.send({ type: 'session.refresh' }))
    return () => subscription.unsubscribe()
  }, [actor, app])

  const errorText = () => {
    if (!error) return undefined
    if (serverErrorCode(error) === 'taken') return i18n._(taken)
    return translateError(i18n, error)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'fakename.submit' })
  }
  const nextDate = next ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(next)) : null

  return (
    <section className={card} aria-labelledby="fakename-title" data-testid="fakename" data-state={dataState}>
      <div className={row}>
        <h2 id="fakename-title" className={title}>
          <Trans>Nickname</Trans>
        </h2>
        {!editing ? (
          <span className={name} data-testid="fakename-current">
            {shown ?? <Trans>Not chosen yet</Trans>}
          </span>
        ) : null}
      </div>
      <p className={muted}>
        <Trans>Other players see your nickname on leaderboards and in tournaments, never your name. It can change once every {FAKENAME_CHANGE_DAYS} days.</Trans>
      </p>
      {alert === 'saved' ? (
        <Alert tone="success" data-testid="fakename-saved">
          <Trans>Your nickname is changed.</Trans>
        </Alert>
      ) : null}
      {alert === 'saveFailed' ? (
        <Alert tone="error" data-testid="fakename-alert">
          <Trans>Your nickname could not be saved. Please try again.</Trans>
        </Alert>
      ) : null}
      {editing ? (
        <Form flow={actor} className={form} onSubmit={submit}>
          <Input
            label={i18n._(msg`New nickname`)}
            name="fakename"
            autoComplete="nickname"
            maxLength={64}
            value={value}
            error={errorText()}
            onChange={(e) => actor.send({ type: 'fakename.change', value: e.currentTarget.value })}
            data-testid="fakename-input"
          />
          <div className={actions}>
            <Button type="submit" variant="primary" loading={busy} data-testid="fakename-save">
              <Trans>Save nickname</Trans>
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'fakename.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </Form>
      ) : nextDate ? (
        <p className={muted} data-testid="fakename-wait">
          {translate(i18n, msg`You can change it again on {date}.`, { date: nextDate })}
        </p>
      ) : (
        <div className={actions}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'fakename.edit' })} data-testid="fakename-edit">
            {shown ? <Trans>Change nickname</Trans> : <Trans>Choose a nickname</Trans>}
          </Button>
        </div>
      )}
    </section>
  )
}
