import { useSyncExternalStore, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

const noSubscribe = () => () => {}

/** Renders into document.body on the client only: the server and the hydration pass render nothing. */
export function Portal({ children }: { children: ReactNode }) {
  const isClient = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
  return isClient ? createPortal(children, document.body) : null
}
