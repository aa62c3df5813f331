// A long list drawn as the player reaches it: the server and the hydration pass draw its first
// rows, and each step more comes when its end nears the screen or its "show more" is pressed. Drawn
// all at once, or in steps while the page loads, its layout held a phone's main thread.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'

/** How near the screen (px) the end of the list brings the next step. */
const AHEAD_PX = 400

/**
 * How many of `total` rows to draw: `first`, then `step` more each time the element `end` is put
 * on (the list's last control) comes within reach of the screen, or `more()` is called.
 */
export function useRevealed<E extends Element>(total: number, first: number, step: number) {
  const [shown, setShown] = useState(first)
  const end = useRef<E | null>(null)
  // A transition: React renders the new rows in slices, between taps.
  const more = useCallback(() => startTransition(() => setShown((n) => n + step)), [step])
  useEffect(() => {
    const element = end.current
    if (!element || shown >= total || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), { rootMargin: `0px 0px ${AHEAD_PX}px 0px` })
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown, total, more])
  return { shown: Math.min(total, shown), more, end }
}
