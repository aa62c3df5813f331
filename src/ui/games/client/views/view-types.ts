// What every game's table view gets from the game client shell (src/ui/games/client/): the
// shell owns the round's flow (its machine), the stake, autoplay, turbo, sound and history; a view
// draws its game and its options, and sends the player's decisions back. Views are lazy chunks,
// one per engine kind, registered in ./index.ts.
import type { Round } from '../../../../services/api/contract/games'
import type { StudioTitle } from '../../../../shared/games/catalogue'

export interface GameViewProps {
  readonly title: StudioTitle
  /** The round on the table: the last one played, or the open one of a step game; null before the first. */
  readonly round: Round | null
  /** The shell's phase, for the view's animation and for disabling its controls. */
  readonly phase: 'idle' | 'playing' | 'awaitingAction' | 'acting' | 'result' | 'feature'
  /** The game's options as the player set them (target, risk, picks, mines, chips...): the `bet` sent with the next round. */
  readonly bet: Record<string, unknown>
  /** Replaces the options; the shell keeps them (and restores them after a reload). */
  readonly onBetChange: (bet: Record<string, unknown>) => void
  /** A decision in an open round (reveal, cash out, hit, hold...): sent as `action` to games/act. */
  readonly onAction: (action: Record<string, unknown>) => void
  /** Turbo: animations shortened to their end state. */
  readonly turbo: boolean
  /** Reduced motion (the player's system setting): no travelling animation at all. */
  readonly reducedMotion: boolean
  /** Plays one of the shell's sounds if sound is on. */
  readonly sound: (name: 'spin' | 'win' | 'bigWin' | 'lose' | 'click' | 'card' | 'reveal') => void
  /** The view tells the shell its animation of the round has ended, so the result shows (and autoplay goes on). */
  readonly onAnimationEnd: () => void
  /** Formats an amount (major units decimal string) in the player's locale and the round's currency. */
  readonly formatMoney: (amount: string) => string
  /** The stake per round, major units decimal string: table views scale their chips by it. */
  readonly stake: string
  /**
   * The options cannot change now (autoplay runs), whatever the phase: a view disables its option
   * controls. Optional; absent means they may change between rounds.
   */
  readonly locked?: boolean
}

// How the shell drives a view: while a round is asked for, `phase` is 'playing' and `round` is still
// the previous one (or null); the new round arrives with the same phase and a new id, which is when
// its animation starts; onAnimationEnd shows the result ('result'). 'feature' follows for a slot whose
// base spin awarded free spins, and needs its own onAnimationEnd. A step game's open round goes to
// 'awaitingAction', 'acting' while a decision is sent, and straight to 'result' when a decision ends
// it (no onAnimationEnd is waited for; a round settled by its deal, a blackjack, is revealed like an
// instant one). In 'result' the view shows the round at rest (a skip jumps there).
