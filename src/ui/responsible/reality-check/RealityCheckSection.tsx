import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { card, muted } from 'styled-system/recipes'
import { selectRealityCheckRef } from '../../../machines/app/app/app.selectors'
import type { realityCheckMachine } from '../../../machines/responsible/reality-check/reality-check.machine'
import {
  selectRealityAlert,
  selectRealityCanSave,
  selectRealityChoice,
  selectRealityDataState,
  selectRealityLoading,
  selectRealitySaved,
  selectRealitySaving,
} from '../../../machines/responsible/reality-check/reality-check.selectors'
import { REALITY_CHECK_MINUTES } from '../../../shared/reality-check'
import { useAppSelector } from '../../app/AppProviders'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Select } from '../../kit/Select'
import { Skeleton } from '../../kit/Skeleton'

type RealityRef = ActorRefFrom<typeof realityCheckMachine>

const title = css({ textStyle: 'title' })
const form = css({ display: 'grid', gap: '4' })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1 1 auto', tablet: 'none' } } })

const EVERY: Record<(typeof REALITY_CHECK_MINUTES)[number], MessageDescriptor> = {
  15: msg`Every 15 minutes`,
  30: msg`Every 30 minutes`,
  45: msg`Every 45 minutes`,
  60: msg`Every hour`,
  90: msg`Every 90 minutes`,
  120: msg`Every 2 hours`,
}

/**
 * The reality check's interval on the responsible-gaming page. The root actor's check holds it (it
 * times the checks on every page), so the section reads and saves through that actor.
 */
export function RealityCheckSection() {
  const actor = useAppSelector(selectRealityCheckRef)
  return (
    <section className={card()} data-testid="reality-check-settings" aria-labelledby="reality-check-title">
      <h2 id="reality-check-title" className={title}>
        <Trans>Reality check</Trans>
      </h2>
      <p className={muted()}>
        <Trans>
          While you play, we remind you how long you have been playing and what you have won or lost since you logged in. Choose how often.
        </Trans>
      </p>
      {actor ? <Settings actor={actor} /> : <Loading />}
    </section>
  )
}

// The server's page has no check yet (it starts with the browser's root actor): the section's shape.
function Loading() {
  return (
    <div className={form} aria-busy="true">
      <Skeleton height={72} radius="md" />
      <Skeleton height={44} width="8rem" radius="md" />
    </div>
  )
}

function Settings({ actor }: { actor: RealityRef }) {
  const { i18n } = useLingui()
  const loading = useSelector(actor, selectRealityLoading)
  const choice = useSelector(actor, selectRealityChoice)
  const canSave = useSelector(actor, selectRealityCanSave)
  const saving = useSelector(actor, selectRealitySaving)
  const saved = useSelector(actor, selectRealitySaved)
  const alert = useSelector(actor, selectRealityAlert)
  const dataState = useSelector(actor, selectRealityDataState)
  if (loading) return <Loading />
  if (alert === 'loadFailed') {
    return <LoadFailed onRetry={() => actor.send({ type: 'reality.retry' })}>{i18n._(msg`We could not load your reality check.`)}</LoadFailed>
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'reality.save' })
  }
  return (
    <form className={form} onSubmit={submit} noValidate data-state={dataState}>
      {alert === 'saveFailed' ? (
        <Alert tone="error" data-testid="reality-check-alert">
          <Trans>Your choice was not saved. Please try again.</Trans>
        </Alert>
      ) : null}
      {saved ? (
        <Alert tone="success" data-testid="reality-check-saved">
          {choice === 0 ? <Trans>Saved. You will get no reality checks.</Trans> : <Trans>Saved. The checks count from when you logged in.</Trans>}
        </Alert>
      ) : null}
      <Select
        label={i18n._(msg`Remind me`)}
        name="reality-check"
        value={String(choice)}
        onChange={(e) => actor.send({ type: 'reality.choose', minutes: Number(e.currentTarget.value) })}
      >
        <option value="0">{i18n._(msg`Never`)}</option>
        {REALITY_CHECK_MINUTES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {i18n._(EVERY[minutes])}
          </option>
        ))}
      </Select>
      <div className={actions}>
        <Button type="submit" variant="secondary" loading={saving} disabled={!canSave && !saving} data-testid="reality-check-save">
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}
