// What views and tests read from the messenger sign-in (tags and final states, never state strings in views).
import type { SnapshotFrom } from 'xstate'
import { MESSENGER_TAGS, type messengerMachine } from './messenger.machine'

export type MessengerSnapshot = SnapshotFrom<typeof messengerMachine>

export type MessengerOutcome = 'pending' | 'signingIn' | 'signedIn' | 'failed' | 'skipped'

/** Where the sign-in stands, for `data-state` (ARCHITECTURE §7 rule 5). */
export const selectMessengerOutcome = (snapshot: MessengerSnapshot): MessengerOutcome => {
  if (snapshot.hasTag(MESSENGER_TAGS.busy)) return 'signingIn'
  if (snapshot.matches('signedIn')) return 'signedIn'
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('skipped')) return 'skipped'
  return 'pending'
}

export const selectIsSigningIn = (snapshot: MessengerSnapshot): boolean => snapshot.hasTag(MESSENGER_TAGS.busy)
