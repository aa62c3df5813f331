// The latest rounds of this title (games/rounds, and each round as it settles): stake, multiplier,
// what it paid, and a link to verify it on /fairness.
import { Trans, useLingui } from '@lingui/react/macro'
import { css, cx } from 'styled-system/css'
import type { Round } from '../../../services/api/contract/games'
import { formatTime } from '../../../shared/format'
import { toMinor } from '../../../shared/money'
import { money, multiplier } from './format'

const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: '3',
  py: '2',
  borderBottom: '1px solid token(colors.border)',
  textStyle: 'small',
  fontVariantNumeric: 'tabular-nums',
})

export function RoundHistory({ rounds, loading }: { rounds: readonly Round[]; loading: boolean }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  return (
    <section aria-labelledby="game-history-title" aria-busy={loading || undefined} data-testid="round-history" className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
      <h2 id="game-history-title" className={css({ textStyle: 'title' })}>
        <Trans>Your last rounds</Trans>
      </h2>
      {rounds.length === 0 ? (
        <p className={css({ textStyle: 'small', color: 'textMuted' })}>{loading ? '…' : <Trans>No rounds yet. Your rounds of this game show here, each with its proof.</Trans>}</p>
      ) : (
        <ol className={css({ listStyle: 'none', m: 0, p: 0 })}>
          {rounds.map((round) => {
            const time = formatTime(round.createdAt, locale)
            const stake = money(round.totalStake, round.currency, locale)
            const payout = round.payout
            // A win is more back than was staked; a plinko slot under 1× pays part of the stake back.
            const won = payout !== null && toMinor(payout, round.currency) > toMinor(round.totalStake, round.currency)
            const paid = payout === null ? null : money(payout, round.currency, locale)
            // A visitor's rounds are all demo: only a player's play-money rounds are marked.
            const mode = round.mode === 'fun' ? t`Fun` : null
            const id = round.id
            return (
              <li key={round.id} className={row} data-testid="history-round" data-round={round.id}>
                <span className={css({ color: 'textMuted' })}>{time}</span>
                <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                  <Trans>Bet {stake}</Trans>
                  {round.multiplier !== null ? <span className={css({ color: 'textMuted' })}> · {multiplier(round.multiplier, locale)}</span> : null}
                  {mode ? <span className={css({ ml: '1', px: '1.5', borderRadius: 'sm', bg: 'surfaceRaised', color: 'textMuted' })}>{mode}</span> : null}
                </span>
                <span className={cx(css({ fontWeight: 'semibold', textAlign: 'right' }), won ? css({ color: 'success' }) : paid ? css({ color: 'textMuted' }) : undefined)}>
                  {paid === null ? <Trans>In play</Trans> : won ? `▲ +${paid}` : paid}
                </span>
                <a href={`/fairness?round=${encodeURIComponent(round.id)}`} target="_blank" rel="noopener" className={css({ color: 'accent', textDecoration: 'underline', textUnderlineOffset: '2px', minH: '6', display: 'inline-flex', alignItems: 'center' })}>
                  <Trans>Verify</Trans>
                  <span className={css({ srOnly: true })}>{` ${t`round ${id}`}`}</span>
                </a>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
