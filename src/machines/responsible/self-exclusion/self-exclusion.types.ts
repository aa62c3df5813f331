// Types of the player's own self-exclusion (SPEC §9 periods) or time-out (24 hours to 6 weeks);
// POST account/selfExclude; §8 errors.
import type { ExclusionKind, ExclusionPeriod, SelfExclusionPeriod } from '../../../shared/self-exclusion'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'

export type { ExclusionKind, ExclusionPeriod, SelfExclusionPeriod }

export type SelfExclusionFieldErrors = FormErrors<'period' | 'password'>

/** Context keys holding secrets: the password. */
export const SELF_EXCLUSION_REDACTED_CONTEXT_KEYS = ['password'] as const

export type SelfExclusionMessageId = 'shorter' | 'tooManyRequests' | 'somethingWrong'

export interface SelfExclusionAlert {
  readonly messageId: SelfExclusionMessageId
  /** 'shorter': when the self-exclusion already running ends; null for a permanent one. */
  readonly until: string | null
  readonly retryAfterSec: number | null
}

export interface SelfExclusionInput {
  /** Which block this form sets: its periods and words. A self-exclusion when not given. */
  readonly kind?: ExclusionKind
}

export interface SelfExclusionContext {
  readonly kind: ExclusionKind
  readonly period: ExclusionPeriod | null
  readonly password: string
  readonly fieldErrors: SelfExclusionFieldErrors
  readonly alert: SelfExclusionAlert | null
  /** When it ends, once in force; null for a permanent one or before. */
  readonly until: string | null
}

export type SelfExclusionEvent =
  /** A period of another kind than the form's is ignored. */
  | { type: 'exclusion.period'; period: ExclusionPeriod }
  /** First confirmation: the period is the one wanted; the second step shows what it means. */
  | { type: 'exclusion.continue' }
  | { type: 'exclusion.back' }
  | { type: 'exclusion.password'; value: string }
  /** Second confirmation, with the password. */
  | { type: 'exclusion.confirm' }
  /** Once in force: 'OK', to the home page as a visitor. */
  | { type: 'exclusion.leave' }

export interface SubmitExclusionInput {
  readonly period: ExclusionPeriod
  readonly password: string
}
export type SubmitExclusionResult = AuthResult<{ until: string | null }>

export interface SelfExclusionActionParams {
  readonly reportError: { readonly error: unknown }
}
