// What the reality check's dialog and the responsible-gaming page read (tags and context only).
import type { SnapshotFrom } from 'xstate'
import { REALITY_CHECK_TAGS, type realityCheckMachine } from './reality-check.machine'
import { choiceChanges } from './reality-check.rules'
import type { RealityCheck, RealityCheckContext } from './reality-check.types'

export type RealityCheckSnapshot = SnapshotFrom<typeof realityCheckMachine>

export const selectRealityFigures = (s: RealityCheckSnapshot): RealityCheck | null => s.context.figures
/** The interval the page's list shows: the pick, else the saved one; 0 for none. */
export const selectRealityChoice = (s: RealityCheckSnapshot): number => s.context.choice ?? s.context.figures?.interval_minutes ?? 0
export const selectRealityCanSave = (s: RealityCheckSnapshot): boolean => choiceChanges(s.context.figures, s.context.choice) && s.can({ type: 'reality.save' })
export const selectRealitySaving = (s: RealityCheckSnapshot): boolean => s.hasTag(REALITY_CHECK_TAGS.saving)
export const selectRealitySaved = (s: RealityCheckSnapshot): boolean => s.context.saved
export const selectRealityAlert = (s: RealityCheckSnapshot): RealityCheckContext['alert'] => s.context.alert
export const selectRealityShowing = (s: RealityCheckSnapshot): boolean => s.hasTag(REALITY_CHECK_TAGS.showing)
/** Nothing read yet for the page: its skeleton. */
export const selectRealityLoading = (s: RealityCheckSnapshot): boolean => s.context.figures === null && s.hasTag(REALITY_CHECK_TAGS.loading)
export const selectRealityDataState = (s: RealityCheckSnapshot): string => `reality.${JSON.stringify(s.value).replace(/[{}"]/g, '').replace(':', '.')}`
