import { useEffect, useRef, useState } from 'react'
import { getgeneralinfo } from '../../../services/api/contract/metadata'
import { allowedParentOrigins, isFramed, postToParent, type FrameMessage } from '../../../services/frame/frame-messages'
import { useServices } from '../../app/AppProviders'

export interface FrameBridge {
  /** The page runs in a frame (false during SSR and until hydrated). */
  readonly framed: boolean
  /** Our origin plus general info's frame_allowlist, once known (only ours if it cannot be read). */
  allowedOrigins(): Promise<string[]>
  /** Posts to the parent if its origin is allowed; resolves to that origin, or null when nothing was sent. */
  post(message: FrameMessage): Promise<string | null>
}

/**
 * The /forms pages' side of SPEC §2.3's messages: whether we are framed, and a post that reaches
 * the parent only on an allowed origin (src/services/frame/frame-messages.ts). The allowlist comes
 * from general info, read once per page; the object is stable across renders.
 */
export function useFrameBridge(): FrameBridge {
  const { api } = useServices()
  const [framed, setFramed] = useState(false)
  const allowlist = useRef<Promise<string[]> | null>(null)
  const read = () =>
    (allowlist.current ??= api
      .call(getgeneralinfo)
      .then((info) => allowedParentOrigins(window.location.origin, info.frame_allowlist))
      .catch(() => allowedParentOrigins(window.location.origin, [])))
  const [bridge] = useState<Omit<FrameBridge, 'framed'>>(() => ({
    allowedOrigins: read,
    post: async (message) => postToParent(window, message, await read()),
  }))
  useEffect(() => {
    setFramed(isFramed(window))
    void read()
    // `read` is stable: it fills a ref once.
  }, [])
  return { framed, ...bridge }
}
