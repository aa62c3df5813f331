// What the verification page reads (tags and context, never state names in the view).
import type { SnapshotFrom } from 'xstate'
import { VERIFICATION_TAGS, type verificationMachine } from './verification.machine'
import type { SdkSession, VerificationMessageId, VerificationState } from './verification.types'

export type VerificationSnapshot = SnapshotFrom<typeof verificationMachine>

/** The four steps of SPEC §4, or null while the page cannot tell yet. */
export type VerificationStep = 'start' | 'verification' | 'completed' | 'change' | 'profile'

export const selectVerificationState = (s: VerificationSnapshot): VerificationState | null => s.context.state
export const selectVerificationAlert = (s: VerificationSnapshot): VerificationMessageId | null => s.context.alert
export const selectMissingFields = (s: VerificationSnapshot): readonly string[] => s.context.missingFields
export const selectVerificationBusy = (s: VerificationSnapshot): boolean => s.hasTag(VERIFICATION_TAGS.busy)
/** The SDK to frame, only while a step shows it. */
export const selectSdk = (s: VerificationSnapshot): SdkSession | null => (s.hasTag(VERIFICATION_TAGS.sdk) ? s.context.sdk : null)
export const selectVerificationStep = (s: VerificationSnapshot): VerificationStep | null => {
  if (s.matches('start')) return 'start'
  if (s.matches('change')) return 'change'
  if (s.matches('needsProfile')) return 'profile'
  if (s.hasTag(VERIFICATION_TAGS.sdk) && !s.matches('completed')) return 'verification'
  if (s.matches('completed')) return 'completed'
  // Starting again after a refusal or a retry: the step the status says.
  if (s.matches('preparing')) return s.context.state?.status === 'resubmit' ? 'change' : 'start'
  return null
}
export const selectLoadFailed = (s: VerificationSnapshot): boolean => s.matches('loadFailed')
export const selectVerificationDataState = (s: VerificationSnapshot): string => `verification.${typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`).join('')}`
