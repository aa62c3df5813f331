// The characters flow's sample answers: its model test walks them, and so does the flows registry.
import { createApiClient } from '../../../services/api/client'
import { API_VERSION } from '../../../services/api/version'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { charactersMachine } from './characters.machine'
import type { LoyaltyCharacter } from './characters.types'

export const NOVA: LoyaltyCharacter = { id: 1, name: 'Nova', image: '/images/characters/nova.svg' }
export const ORION: LoyaltyCharacter = { id: 2, name: 'Orion', image: '/images/characters/orion.svg' }

const LOADED = doneEventType(charactersMachine, 'loadCharacters')
const FAILED = errorEventType(charactersMachine, 'loadCharacters')

export type CharactersOutcome =
  | { type: typeof LOADED; output: readonly LoyaltyCharacter[] }
  | { type: typeof FAILED; error: unknown }

export const charactersOutcomes = {
  [LOADED]: [
    { type: LOADED, output: [NOVA, ORION] },
    { type: LOADED, output: [] },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
} satisfies SampleTable<CharactersOutcome>

/** The registry walks the chart and never runs its actors: a client whose every call says so. */
const chartOnlyApi = createApiClient({
  locale: 'en',
  version: API_VERSION,
  fetch: async () => {
    throw new Error('the flows registry walks charts; it never calls the API')
  },
})

export const charactersEntry = defineEntry<typeof charactersMachine, CharactersOutcome>({
  name: 'characters',
  area: 'auth',
  spec: '§2.3 character select',
  description: "The sign-up form's loyalty characters: loaded once when the picker is on; none or a failed load hides it",
  machine: charactersMachine,
  input: { api: chartOnlyApi },
  redact: ['api'],
  events: {},
  outcomes: charactersOutcomes,
})
