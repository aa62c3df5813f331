// Types of the sign-up form's loyalty characters (SPEC §2.3 character select).
import type { ApiClient } from '../../../services/api/client'
import type { LoyaltyCharacter } from '../../../services/api/contract/loyalty'

export type { LoyaltyCharacter }

export interface CharactersInput {
  /** The page's API client: the default actor calls loyalty/getcharacters with it. */
  readonly api: ApiClient
}

export interface CharactersContext {
  readonly api: ApiClient
  readonly characters: readonly LoyaltyCharacter[]
}

export interface LoadCharactersInput {
  readonly api: ApiClient
}
