// The loyalty characters of the sign-up form: SPEC §2.3 (character select, when the registration
// settings turn it on).
//
// Why this shape. One load when the picker is shown: loading -> ready with the list, or `none` when
// there are none or the call failed, since picking a character is optional and the form works
// without it (the picker simply hides). No retry: the player loses nothing they need.

import { assign, setup } from 'xstate'
import { loadCharacters } from './characters.actors'
import type { CharactersContext, CharactersInput, LoyaltyCharacter } from './characters.types'

export const charactersMachine = setup({
  types: {
    input: {} as CharactersInput,
    context: {} as CharactersContext,
    children: {} as { loadCharacters: 'loadCharacters' },
  },
  actors: { loadCharacters },
  actions: {
    assignCharacters: assign((_, params: { characters: readonly LoyaltyCharacter[] }) => ({ characters: params.characters })),
    /** The picker hides; the failure is worth a warning, not an error page. */
    reportFailure: (_, params: { error: unknown }) => console.warn('loyalty characters:', params.error),
  },
  guards: {
    any: (_, params: { characters: readonly LoyaltyCharacter[] }) => params.characters.length > 0,
  },
}).createMachine({
  id: 'characters',
  context: ({ input }) => {
    if (!input.api) throw new Error('charactersMachine: input.api is missing')
    return { api: input.api, characters: [] }
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCharacters',
        src: 'loadCharacters',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'any', params: ({ event }) => ({ characters: event.output }) },
            target: 'ready',
            actions: { type: 'assignCharacters', params: ({ event }) => ({ characters: event.output }) },
          },
          { target: 'none' },
        ],
        onError: { target: 'none', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    none: {},
  },
})

export type CharactersMachine = typeof charactersMachine
