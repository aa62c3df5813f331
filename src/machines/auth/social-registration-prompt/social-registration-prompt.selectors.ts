// What views read from the social-registration prompt (ARCHITECTURE §7 rule 4).
import type { SnapshotFrom } from 'xstate'
import type { socialRegistrationPromptMachine } from './social-registration-prompt.machine'

/** The prompt has opened the popup on this page; it will not again. */
export const selectPromptAsked = (snapshot: SnapshotFrom<typeof socialRegistrationPromptMachine>): boolean => snapshot.matches('asked')
