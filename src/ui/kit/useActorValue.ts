import { useMemo, useSyncExternalStore } from 'react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'

const noSubscribe = () => () => {}

/**
 * One value read from an actor that may not be there yet: the root's long-lived children wake
 * after hydration. `server()` answers on the server, during hydration and while there is no actor,
 * so the HTML matches; when the actor comes, the element stays the same one and only the values
 * that differ are drawn again. (A view that swapped a placeholder component for a live one tore
 * down and rebuilt every card or price of a page, a long task on a phone.)
 */
export function useActorValue<A extends AnyActorRef, T>(actor: A | null, read: (snapshot: SnapshotFrom<A>) => T, server: () => T): T {
  const subscribe = useMemo(
    () =>
      actor
        ? (onChange: () => void) => {
            const sub = actor.subscribe(onChange)
            return () => sub.unsubscribe()
          }
        : noSubscribe,
    [actor],
  )
  return useSyncExternalStore(subscribe, () => (actor ? read(actor.getSnapshot() as SnapshotFrom<A>) : server()), server)
}

/** False on the server and during hydration, true after: what only the browser knows waits for it. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
