// Actors the characters flow invokes; tests replace them with `charactersMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { getcharacters } from '../../../services/api/contract/loyalty'
import type { LoadCharactersInput, LoyaltyCharacter } from './characters.types'

/** GET loyalty/getcharacters: every character, in display order. */
export const loadCharacters = fromPromise<readonly LoyaltyCharacter[], LoadCharactersInput>(({ input }) => input.api.call(getcharacters))
