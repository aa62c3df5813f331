import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useHydrated } from './useActorValue'

/** Renders into document.body on the client only: the server and the hydration pass render nothing. */
export function Portal({ children }: { children: ReactNode }) {
  return useHydrated() ? createPortal(children, document.body) : null
}
