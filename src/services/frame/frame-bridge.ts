// The browser page's own side of the frame messages (frame-messages.ts), for flows' default
// actions: whether this page is framed, and a post that reaches the parent only on an allowed origin.
import { browserApiClient } from '../api/browser-client'
import { getgeneralinfo } from '../api/contract/metadata'
import { allowedParentOrigins, isFramed, postToParent, type FrameMessage } from './frame-messages'

/** True when this page runs inside a frame. */
export function pageIsFramed(): boolean {
  return isFramed(window)
}

/** Our origin plus general info's frame_allowlist; only ours when it cannot be read (fail closed). */
export async function allowedFrameOrigins(): Promise<string[]> {
  const own = window.location.origin
  try {
    return allowedParentOrigins(own, (await browserApiClient().call(getgeneralinfo)).frame_allowlist)
  } catch {
    return allowedParentOrigins(own, [])
  }
}

/** Posts to the parent when its origin is allowed; resolves to that origin, or null when nothing was sent. */
export async function postToFrameParent(message: FrameMessage): Promise<string | null> {
  return postToParent(window, message, await allowedFrameOrigins())
}
