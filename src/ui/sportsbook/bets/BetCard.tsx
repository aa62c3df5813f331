import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode, Ref } from 'react'
import { css } from 'styled-system/css'
import { pill } from 'styled-system/recipes'
import type { SbBet } from '../../../machines/sportsbook/bets/bets.types'
import { formatDateTime } from '../../../shared/format'
import { formatAmount } from '../../../shared/format-money'
import { formatOdds } from '../../../shared/sportsbook/odds'
import { Button } from '../../kit/Button'
import { useSportsLabels } from '../shared/labels'

const article = css({ display: 'grid', gap: '3', py: '4', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border', _last: { borderBottomWidth: '0' }, minW: '0' })
const top = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const kindText = css({ fontWeight: 'semibold', fontSize: 'md' })
const meta = css({ fontSize: 'sm', color: 'textMuted' })
// Colour with a word (and a sign in the figures), never colour alone (DESIGN).
function badge(status: string): string {
  if (status === 'won' || status === 'half_won') return pill({ tone: 'success' })
  if (status === 'lost' || status === 'half_lost') return pill({ tone: 'danger' })
  if (status === 'open') return pill({ tone: 'accent' })
  return pill({ tone: status === 'cashed_out' ? 'info' : 'neutral' })
}
const legs = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })
const leg = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  rowGap: '1',
  columnGap: '3',
  p: '3',
  borderRadius: 'md',
  bg: 'surfaceRaised',
  minW: '0',
  '& > :first-child': { minW: '0', overflowWrap: 'anywhere' },
})
const legEvent = css({ fontWeight: 'semibold', fontSize: 'sm' })
const legPick = css({ fontSize: 'sm' })
const legSide = css({ display: 'grid', justifyItems: 'end', alignContent: 'start', gap: '1' })
const price = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' })
const figures = css({
  display: 'flex',
  flexWrap: 'wrap',
  rowGap: '2',
  columnGap: '8',
  m: '0',
  '& > div': { display: 'grid', gap: '0.5' },
  '& dt': { fontSize: 'xs', color: 'textMuted', textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& dd': { m: '0', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' },
})
const history = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0', fontSize: 'sm', color: 'textMuted' })
const actions = css({ display: 'flex', justifyContent: 'flex-end' })

export function useBetWords() {
  const { t } = useLingui()
  const status: Record<SbBet['status'], string> = { open: t`Open`, won: t`Won`, lost: t`Lost`, void: t`Void`, cashed_out: t`Cashed out` }
  const result: Record<NonNullable<SbBet['legs'][number]['result']>, string> = {
    won: t`Won`,
    lost: t`Lost`,
    void: t`Void`,
    half_won: t`Half won`,
    half_lost: t`Half lost`,
    dead_heat: t`Dead heat`,
  }
  const kind = (bet: Pick<SbBet, 'kind' | 'system' | 'legs'>): string => {
    const n = bet.legs.length
    if (bet.kind === 'single') return t`Single`
    if (bet.kind === 'accumulator') return t`Accumulator (${n} selections)`
    const system = bet.system ?? ''
    return t`System ${system} (${n} selections)`
  }
  return { status, result, kind, pending: t`Not settled yet` }
}

/** One bet: what was backed, at what price, what it returns or paid, and its cash-outs. */
export function BetCard({ bet, cashOut, panel, buttonRef }: { bet: SbBet; cashOut: (() => void) | null; panel: ReactNode; buttonRef?: Ref<HTMLButtonElement> }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const words = useBetWords()
  const labels = useSportsLabels()
  const money = (amount: string) => formatAmount({ amount, currency: bet.currency }, locale)
  const titleId = `bet-${bet.id}-title`
  const kind = words.kind(bet)
  return (
    <article className={article} aria-labelledby={titleId} data-testid="sb-bet" data-bet={bet.id} data-status={bet.status}>
      <div className={top}>
        <div>
          <h3 id={titleId} className={kindText} tabIndex={-1}>
            {kind}
          </h3>
          <p className={meta}>
            <Trans>Placed {formatDateTime(bet.placed_at, locale)}</Trans>
            {bet.funding === 'free_bet' ? ` · ${t`Free bet`}` : bet.funding === 'betting_bonus' ? ` · ${t`Betting bonus`}` : ''}
          </p>
        </div>
        <span className={badge(bet.status)} data-status={bet.status} data-testid="sb-bet-status">
          {words.status[bet.status]}
        </span>
      </div>
      <ul className={legs} aria-label={t`Selections`}>
        {bet.legs.map((l) => {
          const event = { home: { id: 'home', name: l.event.home }, away: { id: 'away', name: l.event.away } }
          return (
            <li key={l.outcome.id} className={leg} data-testid="sb-bet-leg">
              <div>
                <p className={legEvent}>
                  {l.event.home} – {l.event.away}
                </p>
                <p className={meta}>{labels.marketTitle(l.event.sport, l.market.kind)}</p>
                <p className={legPick}>{labels.outcomeLabel(event, l.market, l.outcome.key)}</p>
              </div>
              <div className={legSide}>
                <span className={price} aria-label={t`Price ${formatOdds(l.price, 'decimal')}`}>
                  @ {formatOdds(l.price, 'decimal')}
                </span>
                {l.result === null ? (
                  <span className={badge('open')} data-status="open">
                    {words.pending}
                  </span>
                ) : (
                  <span className={badge(l.result)} data-status={l.result} data-testid="sb-leg-result">
                    {words.result[l.result]}
                  </span>
                )}
              </div>
            </li>
          )
        })}
      </ul>
      <dl className={figures}>
        <div>
          <dt>{t`Stake`}</dt>
          <dd data-testid="sb-bet-stake">{money(bet.stake)}</dd>
        </div>
        {bet.status === 'open' ? (
          <div>
            <dt>{t`Potential return`}</dt>
            <dd data-testid="sb-bet-potential">{money(bet.potential)}</dd>
          </div>
        ) : (
          <div>
            <dt>{t`Paid`}</dt>
            <dd data-testid="sb-bet-payout">{money(bet.payout ?? '0')}</dd>
          </div>
        )}
      </dl>
      {bet.cashouts.length > 0 ? (
        <div>
          <h4 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
            <Trans>Cash-outs</Trans>
          </h4>
          <ul className={history} data-testid="sb-bet-cashouts">
            {bet.cashouts.map((c, i) => {
              const amount = money(c.amount)
              const stake = money(c.stake)
              const at = formatDateTime(c.at, locale)
              return (
                <li key={`${c.at}-${i}`} data-testid="sb-bet-cashout" data-amount={c.amount}>
                  <Trans>
                    {amount} for {stake} of stake, {at}
                  </Trans>
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
      {cashOut ? (
        <div className={actions}>
          <Button ref={buttonRef} variant="secondary" size="sm" onClick={cashOut} aria-describedby={titleId} data-testid="sb-cashout-open">
            <Trans>Cash out</Trans>
          </Button>
        </div>
      ) : null}
      {panel}
    </article>
  )
}
