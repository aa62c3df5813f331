// What views read from the consent actor.
import type { SnapshotFrom } from 'xstate'
import type { ConsentChoice } from '../../../shared/consent'
import type { ConsentMachine } from './consent.machine'
import { CONSENT_TAGS } from './consent.types'

export type ConsentSnapshot = SnapshotFrom<ConsentMachine>

/** The banner is on screen: not asked yet, or reopened from the footer. */
export const selectConsentBannerOpen = (snapshot: ConsentSnapshot): boolean => snapshot.hasTag(CONSENT_TAGS.asking)

/** Reopened: it may be closed without a new choice. */
export const selectConsentCanDismiss = (snapshot: ConsentSnapshot): boolean => snapshot.can({ type: 'consent.dismiss' })

/** The choice in force; null while the visitor has not chosen. */
export const selectConsentChoice = (snapshot: ConsentSnapshot): ConsentChoice | null => snapshot.context.choice

/** The banner's data-state: `consent.asking`, `consent.reviewing` or `consent.closed`. */
export const selectConsentDataState = (snapshot: ConsentSnapshot): string =>
  snapshot.matches({ banner: 'asking' }) ? 'consent.asking' : snapshot.matches({ banner: 'reviewing' }) ? 'consent.reviewing' : 'consent.closed'
