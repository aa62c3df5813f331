// A long list drawn in steps: the server and the hydration pass draw its first rows, and the rest
// follow in transitions, which React renders in slices, so no step holds a phone's main thread.
import { startTransition, useEffect, useState } from 'react'

/** How many of `total` rows to draw now: `first` at once, then `step` more per task until all are. */
export function useRevealed(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first)
  useEffect(() => {
    if (shown >= total) return
    // A task between steps lets a tap and a paint in before the next one.
    const id = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0)
    return () => clearTimeout(id)
  }, [shown, total, step])
  return Math.min(total, shown)
}
