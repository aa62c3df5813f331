// What the hint banner reads from the hints machine.
import type { SnapshotFrom } from 'xstate'
import { currentHint, type hintsMachine } from './hints.machine'
import type { HintKind } from './hints.rules'

export type HintsSnapshot = SnapshotFrom<typeof hintsMachine>

/** The hint to show now; null: no banner. */
export const selectHint = (s: HintsSnapshot): HintKind | null => currentHint(s.context)

/** The login shown in the confirm-contacts hint. */
export const selectHintLogin = (s: HintsSnapshot): string => s.context.player?.login ?? ''
