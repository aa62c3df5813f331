// The words of the sportsbook: sport names, market titles per sport, outcome labels from the team
// names, periods. One hook, so every view names a market the same way in the player's language.
import { useLingui } from '@lingui/react/macro'
import type { SbEventSummary, SbMarket } from '../../../services/api/contract/sportsbook'
import type { MarketKind, Sport } from '../../../shared/sportsbook/markets'

/** A line as a player reads it: +0.75, −0.75 (a true minus sign), 0. */
export function formatLine(line: number, signed: boolean): string {
  const text = String(Math.abs(line))
  if (!signed || line === 0) return line < 0 ? `\u2212${text}` : text
  return line > 0 ? `+${text}` : `\u2212${text}`
}

/** Seconds as m:ss (90:00 and beyond for football's added time). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

export function useSportsLabels() {
  const { t } = useLingui()

  const sportName = (sport: Sport): string => {
    switch (sport) {
      case 'football':
        return t`Football`
      case 'tennis':
        return t`Tennis`
      case 'basketball':
        return t`Basketball`
      case 'ice_hockey':
        return t`Ice hockey`
      case 'handball':
        return t`Handball`
      case 'esports':
        return t`Esports`
    }
  }

  /** The market's name as the sport calls it. */
  const marketTitle = (sport: Sport, kind: MarketKind): string => {
    switch (kind) {
      case 'match_result':
        return sport === 'ice_hockey' ? t`Match result (regular time)` : t`Match result`
      case 'double_chance':
        return t`Double chance`
      case 'draw_no_bet':
        return t`Draw no bet`
      case 'match_winner':
        if (sport === 'basketball') return t`Moneyline`
        if (sport === 'ice_hockey') return t`Match winner (incl. overtime)`
        return t`Match winner`
      case 'handicap':
        if (sport === 'football') return t`Asian handicap`
        if (sport === 'tennis') return t`Game handicap`
        if (sport === 'basketball') return t`Spread`
        if (sport === 'ice_hockey') return t`Puck line`
        if (sport === 'esports') return t`Map handicap`
        return t`Handicap`
      case 'total':
        if (sport === 'tennis') return t`Total games`
        if (sport === 'basketball') return t`Total points`
        if (sport === 'esports') return t`Total maps`
        return t`Total goals`
      case 'both_score':
        return t`Both teams to score`
      case 'correct_score':
        if (sport === 'tennis') return t`Set betting`
        if (sport === 'esports') return t`Correct map score`
        return t`Correct score`
    }
  }

  /** An outcome's label: the team's name with its line, Over 2.5, Draw, 2-1, Any other score. */
  const outcomeLabel = (event: Pick<SbEventSummary, 'home' | 'away'>, market: Pick<SbMarket, 'kind' | 'line'>, key: string): string => {
    const home = event.home.name
    const away = event.away.name
    const line = market.line
    switch (key) {
      case 'home':
        return market.kind === 'handicap' && line !== null ? `${home} ${formatLine(line, true)}` : home
      case 'away':
        return market.kind === 'handicap' && line !== null ? `${away} ${formatLine(-line, true)}` : away
      case 'draw':
        return t`Draw`
      case 'home_draw':
        return t`${home} or draw`
      case 'home_away':
        return t`${home} or ${away}`
      case 'draw_away':
        return t`Draw or ${away}`
      case 'over': {
        const value = line === null ? '' : formatLine(line, false)
        return t`Over ${value}`
      }
      case 'under': {
        const value = line === null ? '' : formatLine(line, false)
        return t`Under ${value}`
      }
      case 'yes':
        return t`Yes`
      case 'no':
        return t`No`
      case 'other':
        return t`Any other score`
      default:
        return key
    }
  }

  /** A short column head for a list row's main market: 1, X, 2. */
  const shortOutcome = (key: string): string => (key === 'home' ? '1' : key === 'draw' ? 'X' : key === 'away' ? '2' : key)

  /** The period a live event is in. */
  const periodLabel = (period: string): string => {
    const n = /(\d+)$/.exec(period)?.[1] ?? ''
    if (period === 'first_half') return t`1st half`
    if (period === 'second_half') return t`2nd half`
    if (period === 'half_time') return t`Half-time`
    if (period === 'overtime') return t`Overtime`
    if (period === 'shootout') return t`Shoot-out`
    if (period === 'break') return t`Break`
    if (period === 'ended') return t`Ended`
    if (period.startsWith('q')) return t`Q${n}`
    if (period.startsWith('p')) return t`Period ${n}`
    if (period.startsWith('set')) return t`Set ${n}`
    if (period.startsWith('map')) return t`Map ${n}`
    return period
  }

  return { sportName, marketTitle, outcomeLabel, shortOutcome, periodLabel }
}
