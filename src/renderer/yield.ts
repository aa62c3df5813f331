/**
 * Ends the current task so the browser can paint and handle input before the next step of the
 * start-up: on a phone each step is tens of milliseconds, and one task holding them all is a
 * long task the player feels as a page that ignores the first tap.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
