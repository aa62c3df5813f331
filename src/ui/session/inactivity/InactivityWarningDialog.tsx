import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { selectInactivityRef } from '../../../machines/app/app/app.selectors'
import type { inactivityMachine } from '../../../machines/session/inactivity/inactivity.machine'
import { css } from 'styled-system/css'
import { selectRemainingSeconds } from '../../../machines/session/inactivity/inactivity.selectors'
import { translate } from '../../../services/i18n/i18n'
import { Button } from '../../kit/Button'
import { Dialog } from '../../kit/Dialog'
import { useAppActor, useAppSelector } from '../../app/AppProviders'

type InactivityRef = ActorRefFrom<typeof inactivityMachine>

const body = css({ display: 'grid', gap: '4', mt: '2' })
const count = css({ fontSize: '3xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'center', color: 'text' })

const secondsLeft = msg`{seconds, plural, one {# second} other {# seconds}}`

/** SPEC §2.4 'interactivity (inactivity) warning': the countdown of the last 20 % of the limit. */
export function InactivityWarningDialog() {
  const actor = useAppSelector(selectInactivityRef)
  return actor ? <Warning actor={actor} /> : null
}

function Warning({ actor }: { actor: InactivityRef }) {
  const { i18n } = useLingui()
  const app = useAppActor()
  const seconds = useSelector(actor, selectRemainingSeconds)
  const stay = () => app.send({ type: 'inactivity.stay' })
  return (
    <Dialog open size="sm" title={i18n._(msg`Are you still there?`)} onClose={stay}>
      <div className={body} data-testid="inactivity-warning">
        <p>
          <Trans>For your security you will be logged out soon because you have not been active.</Trans>
        </p>
        <p className={count} role="timer" aria-live="off" data-testid="inactivity-countdown" data-seconds={seconds}>
          {translate(i18n, secondsLeft, { seconds })}
        </p>
        <Button variant="primary" size="lg" fullWidth onClick={stay}>
          <Trans>Stay logged in</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
