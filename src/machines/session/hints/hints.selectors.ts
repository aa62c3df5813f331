// What the hint banner reads from the hints machine.
import type { SnapshotFrom } from 'xstate'
import type { hintsMachine } from './hints.machine'
import { currentHint, type HintKind } from './hints.rules'

export type HintsSnapshot = SnapshotFrom<typeof hintsMachine>

/** The hint to show now; null: no banner. */
export const selectHint = (s: HintsSnapshot): HintKind | null => currentHint(s.context)

/**
 * The hint to show on the page at `path` (locale-free). The registration hint's action is the
 * deposit page: on that page it says nothing new, and on a phone it would sit over the form's
 * Deposit button, so it waits for another page.
 */
export const selectHintAt = (s: HintsSnapshot, path: string): HintKind | null => {
  const hint = selectHint(s)
  return hint === 'registration' && /^\/cashier\/deposit(\/|$)/.test(path) ? null : hint
}

/** The login shown in the confirm-contacts hint. */
export const selectHintLogin = (s: HintsSnapshot): string => s.context.player?.login ?? ''
