// The game client's actor for the page: made once with the page's input and the page's inspection
// observer (the Stately inspector with ?inspect=1, the e2e flow-coverage recorder), started only in
// the browser after hydration, so the server renders the same first screen (the load) the browser does.
import { useEffect, useState } from 'react'
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate'
import { gameClientMachine } from '../../../machines/games/game-client/game-client.machine'
import type { GameClientInput } from '../../../machines/games/game-client/game-client.types'

export type GameClientRef = ActorRefFrom<typeof gameClientMachine>

export function useGameClient(input: GameClientInput, inspect?: Observer<InspectionEvent>, machine: typeof gameClientMachine = gameClientMachine): GameClientRef {
  const [actor] = useState(() => createActor(machine, { input, inspect }))
  useEffect(() => {
    actor.start()
    return () => {
      actor.stop()
    }
  }, [actor])
  return actor
}
