// The game client's words for what the machine reports by code: errors, autoplay's stop reasons,
// the volatility of a title. Matched by code, never by the server's English message (ARCHITECTURE §4).
import { useLingui } from '@lingui/react/macro'
import type { AutoplayStopReason, GameClientError } from '../../../machines/games/game-client/game-client.types'
import type { TitleFigures } from '../../../shared/games/catalogue'

/** What went wrong and what to do next, in the player's language. */
export function useErrorText(): (error: GameClientError, formatLimit: (amount: string) => string) => string {
  const { t } = useLingui()
  return (error, formatLimit) => {
    const limit = error.limit ? formatLimit(error.limit) : ''
    switch (error.code) {
      case 'bet_below_min':
        return limit ? t`The smallest bet in this game is ${limit}. Raise your bet and try again.` : t`Your bet is below this game's minimum. Raise it and try again.`
      case 'bet_above_max':
        return limit ? t`The largest bet in this game is ${limit}. Lower your bet and try again.` : t`Your bet is above this game's maximum. Lower it and try again.`
      case 'bad_bet':
        return t`These options cannot be played. Change them and try again.`
      case 'bad_action':
        return t`That move is not possible now. Pick another one.`
      case 'too_fast':
        return t`Rounds need a moment between them. Try again.`
      case 'key_conflict':
        return t`This round was already sent with another bet. Try again.`
      case 'demo_unavailable':
        return t`This game has no demo play. Log in to play it.`
      case 'currency_unavailable':
        return t`This game does not take your currency.`
      case 'unknown_game':
        return t`This game is not available.`
      case 'action_in_progress':
        return t`Your last move is still being settled. Try again in a moment.`
      case 'insufficient_funds':
        return t`Your balance does not cover this move. Make a deposit, or pick another move.`
      case 'loss_limit_exceeded':
        return error.limit && Number(error.limit) > 0
          ? t`This bet could take you past your loss limit. You can stake up to ${limit} of your own money now: lower the bet, or see Responsible gaming in your profile.`
          : t`You have reached your loss limit. You can play again once your losses leave its period (see Responsible gaming in your profile).`
      case 'unavailable':
        return t`The games are closed for maintenance. Try again later.`
      case 'network':
        return t`No answer from the server. Check your connection and try again: if the round was played, you will see its result.`
      case 'failed':
        return t`Something went wrong. Try again.`
    }
  }
}

/** Why autoplay stopped. */
export function useAutoplayStopText(): (reason: AutoplayStopReason, rounds: number) => string {
  const { t } = useLingui()
  return (reason, rounds) => {
    switch (reason) {
      case 'rounds':
        return t`Autoplay finished its ${rounds} rounds.`
      case 'loss':
        return t`Autoplay stopped: the next round could take you past your loss limit.`
      case 'win':
        return t`Autoplay stopped: a single win reached your limit.`
      case 'funds':
        return t`Autoplay stopped: your balance does not cover the bet.`
      case 'error':
        return t`Autoplay stopped because a round could not be played.`
      case 'player':
        return t`Autoplay stopped.`
    }
  }
}

export function useVolatilityText(): (volatility: TitleFigures['volatility']) => string {
  const { t } = useLingui()
  return (volatility) => {
    switch (volatility) {
      case 'low':
        return t`Low`
      case 'medium':
        return t`Medium`
      case 'high':
        return t`High`
      case 'very high':
        return t`Very high`
    }
  }
}

export function useMethodText(): (method: TitleFigures['method']) => string {
  const { t } = useLingui()
  return (method) => {
    switch (method) {
      case 'exact':
        return t`exact, summed over every outcome`
      case 'closed form':
        return t`exact, from a formula`
      case 'simulation':
        return t`from a simulation of many rounds`
    }
  }
}
