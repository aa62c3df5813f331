import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { selectRealityCheckRef } from '../../../machines/app/app/app.selectors'
import type { realityCheckMachine } from '../../../machines/responsible/reality-check/reality-check.machine'
import { selectRealityFigures } from '../../../machines/responsible/reality-check/reality-check.selectors'
import { translate } from '../../../services/i18n/i18n'
import { formatAmount } from '../../../shared/format-money'
import { useAppSelector } from '../../app/AppProviders'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'

type RealityRef = ActorRefFrom<typeof realityCheckMachine>

const body = css({ display: 'grid', gap: '4', mt: '2' })
const facts = css({ display: 'grid', gap: '2', m: '0' })
const fact = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', px: '3', py: '2', borderRadius: 'md', bg: 'surfaceRaised' })
const value = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', m: '0' })
const net = css({ fontSize: 'xl', '&[data-sign=loss]': { color: 'danger' }, '&[data-sign=win]': { color: 'success' } })
const actions = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })

const hoursMinutes = msg`{hours} h {minutes} min`
const minutesOnly = msg`{minutes} min`

/** How long the session has lasted, in hours and minutes. */
export function playedFor(i18n: I18n, seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? translate(i18n, hoursMinutes, { hours, minutes: String(minutes % 60).padStart(2, '0') }) : translate(i18n, minutesOnly, { minutes })
}

/**
 * The reality check: how long this session has lasted and its real-money result, with "continue"
 * (the next check at the next interval) and "stop" (log out). Closing it is continuing.
 */
export function RealityCheckDialog() {
  const actor = useAppSelector(selectRealityCheckRef)
  return actor ? <Check actor={actor} /> : null
}

function Check({ actor }: { actor: RealityRef }) {
  const { i18n } = useLingui()
  const figures = useSelector(actor, selectRealityFigures)
  const keepPlaying = () => actor.send({ type: 'reality.continue' })
  if (!figures) return null
  const sign = figures.net.amount.startsWith('-') ? 'loss' : Number(figures.net.amount) > 0 ? 'win' : 'even'
  return (
    <Dialog open size="sm" title={i18n._(msg`Reality check`)} onClose={keepPlaying}>
      <div className={body} data-testid="reality-check">
        <p>{translate(i18n, msg`You have been playing for {duration} since you logged in.`, { duration: playedFor(i18n, figures.played_seconds) })}</p>
        <dl className={facts}>
          <div className={fact}>
            <dt>
              <Trans>Staked</Trans>
            </dt>
            <dd className={value} data-testid="reality-stakes">
              {formatAmount(figures.stakes, i18n.locale)}
            </dd>
          </div>
          <div className={fact}>
            <dt>
              <Trans>Won back</Trans>
            </dt>
            <dd className={value} data-testid="reality-returns">
              {formatAmount(figures.returns, i18n.locale)}
            </dd>
          </div>
          <div className={fact}>
            <dt>
              <Trans>Net result</Trans>
            </dt>
            <dd className={`${value} ${net}`} data-sign={sign} data-testid="reality-net">
              {formatAmount(figures.net, i18n.locale)}
            </dd>
          </div>
        </dl>
        <div className={actions}>
          <Button variant="primary" size="lg" onClick={keepPlaying} data-testid="reality-continue">
            <Trans>Continue playing</Trans>
          </Button>
          <Button variant="secondary" size="lg" onClick={() => actor.send({ type: 'reality.stop' })} data-testid="reality-stop">
            <Trans>Stop and log out</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
