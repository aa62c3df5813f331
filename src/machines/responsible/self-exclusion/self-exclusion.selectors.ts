// What the self-exclusion section reads (tags, context and `can`, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { SELF_EXCLUSION_TAGS, type selfExclusionMachine } from './self-exclusion.machine'
import type { ExclusionKind, ExclusionPeriod, SelfExclusionAlert, SelfExclusionFieldErrors } from './self-exclusion.types'

export type SelfExclusionSnapshot = SnapshotFrom<typeof selfExclusionMachine>

export type SelfExclusionStep = 'choose' | 'confirm' | 'excluded'

export const selectExclusionStep = (s: SelfExclusionSnapshot): SelfExclusionStep =>
  s.matches('excluded') || s.status === 'done' ? 'excluded' : s.matches('choosing') ? 'choose' : 'confirm'
export const selectExclusionBusy = (s: SelfExclusionSnapshot): boolean => s.hasTag(SELF_EXCLUSION_TAGS.busy)
export const selectExclusionPeriod = (s: SelfExclusionSnapshot): ExclusionPeriod | null => s.context.period
export const selectExclusionKind = (s: SelfExclusionSnapshot): ExclusionKind => s.context.kind
export const selectExclusionPassword = (s: SelfExclusionSnapshot): string => s.context.password
export const selectExclusionErrors = (s: SelfExclusionSnapshot): SelfExclusionFieldErrors => s.context.fieldErrors
export const selectExclusionAlert = (s: SelfExclusionSnapshot): SelfExclusionAlert | null => s.context.alert
export const selectExcludedUntil = (s: SelfExclusionSnapshot): string | null => s.context.until
export const selectExclusionDataState = (s: SelfExclusionSnapshot): string => `exclusion.${String(s.value)}`
