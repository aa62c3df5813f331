// When the next reality check falls, from the server's figures (never the page's clock: a reload or
// a skewed clock does not move the checks, which fall at every whole interval from the login).
import { nextCheckInMs } from '../../../shared/reality-check'
import type { RealityCheck } from './reality-check.types'

/** A check this close to the last answer is the one just shown (or about to be): the next one counts. */
const NEAR_SHARE = 0.1

/** Milliseconds until the next check; null without an interval. */
export function checkDueInMs(figures: RealityCheck | null): number | null {
  if (!figures || figures.interval_seconds === null) return null
  const interval = figures.interval_seconds * 1000
  const due = nextCheckInMs(figures.played_seconds * 1000, interval)
  return due < interval * NEAR_SHARE ? due + interval : due
}

/** Whether the page's pick differs from what is saved (0 is none). */
export function choiceChanges(figures: RealityCheck | null, choice: number | null): boolean {
  if (choice === null) return false
  return choice !== (figures?.interval_minutes ?? 0)
}
