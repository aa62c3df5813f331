// What the character picker reads from the characters flow (ARCHITECTURE §7 rule 4).
import type { SnapshotFrom } from 'xstate'
import type { charactersMachine } from './characters.machine'
import type { LoyaltyCharacter } from './characters.types'

export type CharactersSnapshot = SnapshotFrom<typeof charactersMachine>

/** The characters to pick from; empty while loading and when there are none: the picker hides. */
export const selectCharacters = (snapshot: CharactersSnapshot): readonly LoyaltyCharacter[] =>
  snapshot.matches('ready') ? snapshot.context.characters : []
