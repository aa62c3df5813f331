// What a frame's message makes the top page do (SPEC §2.3), kept out of the chart so each rule is tested alone.
import { isFormsPath } from '../../../shared/forms-pages'
import type { FramePage } from './frame-messages.types'

/** A redirect's target when it is on this page's origin (no open redirects, ARCHITECTURE §5); else null. */
export function sameOriginTarget(url: string, page: FramePage): string | null {
  try {
    const target = new URL(url, page.href)
    return target.origin === new URL(page.href).origin ? target.toString() : null
  } catch {
    return null
  }
}

/**
 * A page of ours that is not a /forms page was meant to be the whole page (a payment result loaded
 * inside a frame, say): the top page goes there, unless it is there already.
 */
export function leavesFrame(path: string, page: FramePage): boolean {
  return !isFormsPath(path) && path !== page.pathname
}
