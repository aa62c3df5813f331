import { useActorRef } from '@xstate/react'
import type { ActorOptions, AnyStateMachine } from 'xstate'
import { useOptionalServices } from './AppProviders'

/**
 * Starts a flow's actor for a view, with the page's inspection observer attached (the Stately
 * inspector with ?inspect=1, the e2e flow-coverage recorder). Every flow a view creates goes
 * through here, so none escapes the inspector or the coverage report (useFlowActor.test.ts).
 */
export function useFlowActor<TMachine extends AnyStateMachine>(machine: TMachine, options: Omit<ActorOptions<TMachine>, 'inspect'> = {}) {
  const inspect = useOptionalServices()?.inspect
  return useActorRef(machine, { ...options, inspect } as ActorOptions<TMachine>)
}
