// "Betting bonuses" of /profile/bonuses: the player's free bets with their rules (stake, least odds,
// expiry), one put on the betslip at a time, one given up after a confirm. The flow is
// src/machines/sportsbook/betting-bonuses; this view only reads it and sends the player's choices.
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { bettingBonusesMachine } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.machine'
import { isExpired } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.rules'
import {
  selectActionError,
  selectBonuses,
  selectBonusesView,
  selectBusyBonus,
  selectConfirmingRemove,
} from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.selectors'
import type { BettingBonus, BonusActionError } from '../../../machines/sportsbook/betting-bonuses/betting-bonuses.types'
import { formatMoney } from '../../../shared/format'
import { formatDecimal } from '../../../shared/sportsbook/odds'
import { selectBetslipRef } from '../../../machines/app/app/app.selectors'
import { useAppActor, useDialogs } from '../../app/AppProviders'
import { useFlowActor } from '../../app/useFlowActor'
import { Alert } from '../../kit/Alert'
import { Button } from '../../kit/Button'
import { LoadFailed } from '../../kit/LoadFailed'
import { Skeleton } from '../../kit/Skeleton'

const root = css({ display: 'grid', gap: '3', minW: 0 })
const heading = css({ textStyle: 'heading' })
const list = css({ display: 'grid', gap: '3', listStyle: 'none', m: 0, p: 0, gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'repeat(2, minmax(0, 1fr))' } })
const card = css({ display: 'grid', gap: '2', p: '4', bg: 'surface', borderRadius: 'lg', border: '1px solid token(colors.border)', minW: 0, '&[data-status=active]': { borderColor: 'accent' } })
const top = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })
const amount = css({ fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const badge = css({ textStyle: 'small', fontWeight: 'bold', px: '2', py: '0.5', borderRadius: 'full', bg: 'surfaceRaised', color: 'textMuted', '&[data-status=active]': { bg: 'accent', color: 'accentText' } })
const terms = css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '1 3', textStyle: 'small', m: 0, '& dt': { color: 'textMuted' }, '& dd': { m: 0 } })
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' })
const note = css({ color: 'textMuted', p: '4', bg: 'surface', borderRadius: 'lg', border: '1px dashed token(colors.border)' })

/** `machine`: the flow with other actors (a test's); the default calls the API. */
export function BettingBonuses({ machine = bettingBonusesMachine }: { machine?: typeof bettingBonusesMachine }) {
  const dialogs = useDialogs()
  const app = useAppActor()
  const actor = useFlowActor(machine, { input: { dialogs, betslip: () => selectBetslipRef(app.getSnapshot()) } })
  const view = useSelector(actor, selectBonusesView)
  const bonuses = useSelector(actor, selectBonuses)
  const busy = useSelector(actor, selectBusyBonus)
  const confirming = useSelector(actor, selectConfirmingRemove)
  const error = useSelector(actor, selectActionError)
  return (
    <section className={root} aria-labelledby="betting-bonuses-head" data-testid="betting-bonuses" data-state={view} aria-busy={view === 'loading'}>
      <h2 id="betting-bonuses-head" className={heading}>
        <Trans>Betting bonuses</Trans>
      </h2>
      {view === 'loading' ? (
        <ul className={list} aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i} className={card}>
              <Skeleton width="40%" height="1.4em" />
              <Skeleton width="80%" />
              <Skeleton height="40px" />
            </li>
          ))}
        </ul>
      ) : view === 'loadFailed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'bonuses.retry' })}>
          <Trans>We could not load your betting bonuses.</Trans>
        </LoadFailed>
      ) : view === 'empty' ? (
        <p className={note}>
          <Trans>You have no free bets right now. They come with promotions and from our team.</Trans>
        </p>
      ) : (
        <ul className={list}>
          {bonuses.map((b) => (
            <BonusCard
              key={b.id}
              bonus={b}
              busy={busy === b.id}
              locked={busy !== null || (confirming !== null && confirming !== b.id)}
              confirming={confirming === b.id}
              error={error?.id === b.id ? error : null}
              onActivate={() => actor.send({ type: 'bonus.activate', id: b.id })}
              onRemove={() => actor.send({ type: 'bonus.remove', id: b.id })}
              onConfirmRemove={() => actor.send({ type: 'bonus.remove.confirm' })}
              onKeep={() => actor.send({ type: 'bonus.remove.cancel' })}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

interface CardProps {
  bonus: BettingBonus
  busy: boolean
  locked: boolean
  confirming: boolean
  error: BonusActionError | null
  onActivate: () => void
  onRemove: () => void
  onConfirmRemove: () => void
  onKeep: () => void
}

function BonusCard({ bonus, busy, locked, confirming, error, onActivate, onRemove, onConfirmRemove, onKeep }: CardProps) {
  const { t, i18n } = useLingui()
  const money = formatMoney(bonus.amount, bonus.currency, i18n.locale)
  const expired = bonus.status === 'available' && isExpired(bonus, new Date())
  const status = expired ? 'expired' : bonus.status
  const statusText: Record<BettingBonus['status'], string> = {
    available: t`Available`,
    active: t`On your betslip`,
    used: t`Used`,
    expired: t`Expired`,
    removed: t`Given up`,
  }
  const headId = `betting-bonus-${bonus.id}`
  return (
    <li className={card} data-testid="betting-bonus" data-status={status} aria-labelledby={headId}>
      <div className={top}>
        <span id={headId} className={amount}>
          <Trans>Free bet {money}</Trans>
        </span>
        <span className={badge} data-status={status}>
          {statusText[status]}
        </span>
      </div>
      {bonus.description && <p>{bonus.description}</p>}
      <dl className={terms}>
        <dt>
          <Trans>Least odds</Trans>
        </dt>
        <dd>{formatDecimal(bonus.min_price)}</dd>
        <dt>
          <Trans>Expires</Trans>
        </dt>
        <dd>{bonus.expires_at ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(bonus.expires_at)) : t`Never`}</dd>
        <dt>
          <Trans>Stake</Trans>
        </dt>
        <dd>
          <Trans>Ours: a winning bet pays its winnings, without the stake.</Trans>
        </dd>
      </dl>
      {error && (
        <Alert tone="error" title={error.failure.type === 'NetworkError' ? t`We could not reach the server. Try again.` : error.action === 'activate' ? t`This free bet can no longer be used.` : t`This free bet can no longer be given up.`} />
      )}
      {confirming ? (
        <div className={actions} role="group" aria-label={t`Give up this free bet?`}>
          <p>
            <Trans>Give up this free bet for good?</Trans>
          </p>
          <Button variant="danger" size="sm" onClick={onConfirmRemove} autoFocus>
            <Trans>Yes, give it up</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={onKeep}>
            <Trans>Keep it</Trans>
          </Button>
        </div>
      ) : (
        (status === 'available' || status === 'active') && (
          <div className={actions}>
            {status === 'available' && (
              <Button variant="primary" size="sm" onClick={onActivate} loading={busy} disabled={locked && !busy}>
                <Trans>Put on betslip</Trans>
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={locked || busy}>
              <Trans>Give up</Trans>
            </Button>
          </div>
        )
      )}
    </li>
  )
}
