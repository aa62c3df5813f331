import { useEffect, useEffectEvent } from 'react'
import type { EventObject, Subscription } from 'xstate'

/** What a flow's actor offers for its emitted events (ActorRef#on). */
export interface Emitter<TEmitted extends EventObject> {
  on(type: TEmitted['type'], handler: (event: TEmitted) => void): Subscription
}

/**
 * Runs `handler` for every `type` event the flow emits: the page effects only a view can do (the
 * router, the address, the root actor). The latest handler runs, so it may close over fresh props.
 */
export function useEmitted<TEmitted extends EventObject, TType extends TEmitted['type']>(
  actor: Emitter<TEmitted>,
  type: TType,
  handler: (event: Extract<TEmitted, { type: TType }>) => void,
): void {
  const hear = useEffectEvent((event: TEmitted) => handler(event as Extract<TEmitted, { type: TType }>))
  useEffect(() => {
    const subscription = actor.on(type, (event) => hear(event))
    return () => subscription.unsubscribe()
  }, [actor, type])
}
